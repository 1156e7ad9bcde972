import { FinancingClient } from "../../client"
import { FinancingClientOptions } from "../../options"
import { ApplicationInput } from "../../schemas"
import { ScriptedService } from "./scripted-service"

/** Credentials used by every test client. Distinctive, so a leak is easy to search for. */
export const USERNAME = "merchant-7"
export const PASSWORD = "pw-S3cret+/=&%!x"

/** A JWT-shaped token (unsigned: the client only reads its payload). */
export function fakeJwt(claims: Record<string, unknown> = {}, tag = "sig"): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: USERNAME, ...claims })}.${tag}`
}

/** A client for `service` with retries fast enough for tests. */
export function clientFor(
  service: { url: string },
  options: Partial<FinancingClientOptions> = {}
): FinancingClient {
  return new FinancingClient({
    baseUrl: service.url,
    username: USERNAME,
    password: PASSWORD,
    timeoutMs: 2_000,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...options,
  })
}

/** Scripts the token endpoint to issue `tokens` in order (the last one for every request after). */
export function scriptTokens(service: ScriptedService, ...tokens: string[]): void {
  service.on("POST", "/v2/token", ...tokens.map((jwt) => ({ json: { jwt } })))
}

export function bearerOf(request: {
  headers: Record<string, string | string[] | undefined>
}): string | undefined {
  const header = request.headers.authorization
  return typeof header === "string" ? header.replace(/^Bearer /, "") : undefined
}

export function validApplication(): ApplicationInput {
  return {
    storeCode: "STORE1",
    firstName: "Ada",
    lastName: "Lovelace",
    mobilePhone: "555-010-0199",
    email: "ada@example.com",
    address: { street: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    products: [
      { description: "Sofa", quantity: 1, value: 1199 },
      { description: "Shipping", quantity: 1, value: 49.99 },
      { description: "Coupon SPRING", quantity: 1, value: -50 },
      { description: "Sales tax", quantity: 1, value: 101 },
    ],
    redirectUrl: "https://shop.example.com/return",
    cancelUrl: "https://shop.example.com/checkout",
  }
}

export function statusBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    publicId: "pub-1",
    applicationId: 42,
    status: "Signed",
    phone: "5550100199",
    approvalAmount: null,
    borrowedAmount: 1299.99,
    invoiceAmount: 1299.99,
    totalInStorePayment: 0,
    financingPartnerCode: "FP1",
    financingPartnerName: "Partner One",
    financingPartnerDisplayName: "Partner One LLC",
    paymentInfo: null,
    ...overrides,
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error("expected the call to fail, but it succeeded")
}
