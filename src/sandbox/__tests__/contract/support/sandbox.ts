import { createHash } from "node:crypto"
import { FinancingClient } from "../../../../lib/financing"
import { ApplicationInput } from "../../../../lib/financing/schemas"
import { startSandbox } from "../../.."

/*
 * What the contract suite needs around the sandbox: starting one, its control endpoints (docs/sandbox.md "Control
 * and fault endpoints"), raw HTTP that bypasses the client's own validation, and fixtures.
 */

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>
export type SandboxStartOptions = Parameters<typeof startSandbox>[0]

/** docs/sandbox.md "Defaults". */
export const DEFAULT_CREDENTIALS = { username: "sandbox", password: "sandbox-password", storeCode: "SANDBOX" }
export const OTHER_CREDENTIALS = { username: "other-store", password: "other-password", storeCode: "OTHER" }

export function launch(options: Partial<SandboxStartOptions> = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, seed: 7, ...options })
}

export function clientFor(
  sandbox: { url: string },
  credentials: { username: string; password: string } = DEFAULT_CREDENTIALS
): FinancingClient {
  return new FinancingClient({
    baseUrl: sandbox.url,
    username: credentials.username,
    password: credentials.password,
    timeoutMs: 5_000,
    maxRetries: 0,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
  })
}

// ---------------------------------------------------------------------------------------------------------
// Raw HTTP

export interface RawResponse {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  body: unknown
}

export interface RawRequest {
  token?: string
  /** Serialised with Content-Type application/json unless `contentType` says otherwise. */
  json?: unknown
  /** Sent as is. */
  body?: string | Buffer | FormData | URLSearchParams
  contentType?: string
  headers?: Record<string, string>
  redirect?: "manual" | "follow" | "error"
}

export async function raw(
  base: string,
  method: string,
  path: string,
  request: RawRequest = {}
): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers }
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`
  let body: RequestInit["body"]
  if (request.json !== undefined) {
    headers["content-type"] = "application/json"
    body = JSON.stringify(request.json)
  } else if (request.body !== undefined) {
    body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : request.body
  }
  if (request.contentType !== undefined) headers["content-type"] = request.contentType
  const response = await fetch(new URL(path, base), {
    method,
    headers,
    body,
    redirect: request.redirect ?? "manual",
  })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

/** docs/sandbox.md "Errors": one JSON shape for every error. */
export interface ErrorBody {
  status: number
  code: string
  message: string
  errors?: Record<string, string[]>
}

/** Asserts the error shape of docs/sandbox.md with this status and code, and returns the body. */
export function expectError(response: RawResponse, status: number, code: string): ErrorBody {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: expect.objectContaining({ status, code, message: expect.any(String) }),
  })
  expect(response.headers.get("content-type")).toMatch(/^application\/json/)
  return response.body as ErrorBody
}

export async function tokenFor(
  sandbox: { url: string },
  credentials: { username: string; password: string } = DEFAULT_CREDENTIALS
): Promise<string> {
  const response = await raw(sandbox.url, "POST", "/v2/token", {
    body: new URLSearchParams({ username: credentials.username, password: credentials.password }),
    contentType: "application/x-www-form-urlencoded",
  })
  expect(response.status).toBe(200)
  const { jwt } = response.body as { jwt: string }
  expect(typeof jwt).toBe("string")
  return jwt
}

// ---------------------------------------------------------------------------------------------------------
// Control endpoints

export interface ControlCallback {
  eventId: string
  status: string
  previousStatus: string
  attempts: number
  delivered: boolean
  dropped: boolean
}

export interface ControlInvoice {
  filename: string
  contentType: string
  size: number
  sha256: string
  receivedAt: string
}

export interface ControlApplication {
  publicId: string
  applicationId: number | null
  storeCode: string
  status: string
  statusHistory: { status: string; at: string }[]
  input: ApplicationInput
  callbackUrl: string | null
  link: string
  createdAt: string
  callbacks: ControlCallback[]
  invoices: ControlInvoice[]
  deliveries: unknown[]
  orderReferences: string[]
  returnRequests: unknown[]
}

export async function controlApplication(sandbox: { url: string }, publicId: string) {
  const response = await raw(sandbox.url, "GET", `/sandbox/applications/${encodeURIComponent(publicId)}`)
  expect(response.status).toBe(200)
  return (response.body as { application: ControlApplication }).application
}

export async function controlApplications(sandbox: { url: string }): Promise<ControlApplication[]> {
  const response = await raw(sandbox.url, "GET", "/sandbox/applications")
  expect(response.status).toBe(200)
  return (response.body as { applications: ControlApplication[] }).applications
}

/** POST /sandbox/applications/{publicId}/status: the raw answer, for 409 checks. */
export function walkRaw(sandbox: { url: string }, publicId: string, status: string): Promise<RawResponse> {
  return raw(sandbox.url, "POST", `/sandbox/applications/${encodeURIComponent(publicId)}/status`, {
    json: { status },
  })
}

/** Walks the application to `status` and expects it to get there. */
export async function walk(sandbox: { url: string }, publicId: string, status: string) {
  const response = await walkRaw(sandbox, publicId, status)
  expect({ status: response.status, body: response.body }).toEqual({
    status: 200,
    body: { application: expect.objectContaining({ publicId, status }) },
  })
  return (response.body as { application: ControlApplication }).application
}

export async function setFaults(
  sandbox: { url: string },
  faults: { latencyMs?: number; errorRate?: number; dropCallbackRate?: number }
): Promise<void> {
  const response = await raw(sandbox.url, "POST", "/sandbox/faults", { json: faults })
  expect(response.status).toBe(200)
}

export async function expireTokens(sandbox: { url: string }): Promise<void> {
  const response = await raw(sandbox.url, "POST", "/sandbox/tokens/expire")
  expect(response.status).toBeGreaterThanOrEqual(200)
  expect(response.status).toBeLessThan(300)
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures

let phoneCounter = 0

/** A phone number not used before in this test file, written 999-999-9999. */
export function freshPhone(): string {
  phoneCounter += 1
  return `555-${String(100 + phoneCounter).padStart(3, "0")}-${String(1000 + phoneCounter * 7).slice(-4)}`
}

/**
 * A valid application for the default store. Its lines add up to 1300.34 only when summed in whole cents;
 * summed as floats they drift.
 */
export function application(overrides: Partial<ApplicationInput> = {}): ApplicationInput {
  return {
    storeCode: "SANDBOX",
    firstName: "Ada",
    lastName: "Lovelace",
    mobilePhone: freshPhone(),
    email: "ada@example.com",
    address: { street: "1 Main St", suiteApartment: "4B", city: "Austin", state: "TX", zipCode: "78701" },
    products: [
      { id: "sku-1", serialNumber: "SN-1", description: "Sofa", quantity: 1, value: 1199.99 },
      { description: "Shipping", quantity: 1, value: 49.99 },
      { description: "Coupon SPRING", quantity: 1, value: -50.01 },
      { description: "Sales tax", quantity: 1, value: 100.07 },
      { description: "Cushion", quantity: 2, value: 0.1 },
      { description: "Throw", quantity: 0.5, value: 0.2 },
    ],
    redirectUrl: "https://shop.example.com/checkout/financing/return?cart=c1",
    cancelUrl: "https://shop.example.com/checkout?cart=c1",
    ...overrides,
  }
}

/** The cart total of `application()`, exact to the cent: 119999 + 4999 - 5001 + 10007 + 10 + 20 cents. */
export const CART_TOTAL = 1300.34

/** A tiny but real PDF: header, one empty page, xref and trailer. */
export const TINY_PDF = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1"
)

export const sha256 = (content: Uint8Array) => createHash("sha256").update(content).digest("hex")

/** Today's date in UTC, YYYY-MM-DD. */
export const todayUtc = () => new Date().toISOString().slice(0, 10)

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls `probe` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 3_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(15)
  }
}

/** True when `subset`'s fields all appear with equal values in `value` or in one of its nested objects. */
export function holds(value: unknown, subset: Record<string, unknown>): boolean {
  if (typeof value !== "object" || value === null) return false
  const record = value as Record<string, unknown>
  if (Object.entries(subset).every(([key, expected]) => isDeepEqual(record[key], expected))) return true
  return Object.values(record).some((nested) => holds(nested, subset))
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error("expected the call to fail, but it succeeded")
}
