import type { BigNumberInput, InitiatePaymentInput, Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import {
  PREPARED_APPLICATION_TTL_MS,
  type PreparedApplication,
  callbackProof,
  sealApplication,
  sealStatus,
} from "../../../domain/checkout/proofs"
import { captureRefusalMessage } from "../../../domain/checkout/capture-refusal"
import { toCents } from "../../../domain/money"
import type { FinancingClient } from "../../../lib/financing/client"
import type { ApplicationInput } from "../../../lib/financing/schemas"
import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../../lib/financing/schemas/statuses"
import RetailFinancingModuleService from "../../../modules/retail-financing/service"
import { sharedFinancingClient } from "../../../config/financing-client"
import { type RunningSandbox, startSandbox } from "../../../sandbox"
import { type RetailFinancingOptionsInput, parseOptions } from "../../../config/options"
import {
  CONTRACT_STATUSES,
  EXPECTED_SESSION_STATUS as EXPECTED_STATUS,
} from "../../../domain/checkout/__tests__/support/expected-statuses"
import { RetailFinancingProviderService } from "../service"

/*
 * The provider against the real sandbox over loopback: no mocked HTTP. Callbacks are dropped by the
 * sandbox (fault dropCallbackRate 1), so nothing leaves loopback; the sandbox's clock-driven moves are
 * pushed out of the tests' way so that a walked status stays put.
 */

const PASSWORD = "sandbox-password"
const CALLBACK_SECRET = "provider-spec-callback-secret-0123456789abcdef"
const OTHER_SECRET = "another-store-callback-secret-0123456789abcdef"
const BACKEND_URL = "https://store.example.com/"
const CART_ID = "cart_01JPROVIDERSPEC"

/** The lines of `application()` in cents: 119999 + 4999 - 5001 + 10007. */
const TOTAL_CENTS = 130_004
const TOTAL = 1300.04

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger

let sandbox: RunningSandbox
/** A loopback address where a sandbox listened and no longer does: connection refused. */
let closedUrl = ""

function optionsFor(baseUrl: string, overrides: Partial<RetailFinancingOptionsInput> = {}) {
  return {
    baseUrl,
    username: "sandbox",
    password: PASSWORD,
    storeCode: "SANDBOX",
    backendUrl: BACKEND_URL,
    callbackSecret: CALLBACK_SECRET,
    timeoutMs: 5_000,
    maxRetries: 0,
    ...overrides,
  } satisfies RetailFinancingOptionsInput
}

const providerFor = (baseUrl: string, overrides: Partial<RetailFinancingOptionsInput> = {}) =>
  new RetailFinancingProviderService({ logger }, optionsFor(baseUrl, overrides))

const provider = () => providerFor(sandbox.url)

let sessionCounter = 0
const newSessionId = () => `payses_01JSPEC${String(++sessionCounter).padStart(6, "0")}`

function application(): ApplicationInput {
  return {
    storeCode: "SANDBOX",
    firstName: "Ada",
    lastName: "Lovelace",
    mobilePhone: "555-010-0199",
    email: "ada.lovelace@example.com",
    address: { street: "12 Analytical Way", city: "Austin", state: "TX", zipCode: "78701" },
    products: [
      { id: "variant_sofa", description: "Sofa", quantity: 1, value: 1199.99 },
      { description: "Shipping", quantity: 1, value: 49.99 },
      { description: "Coupon SPRING", quantity: 1, value: -50.01 },
      { description: "Sales tax", quantity: 1, value: 100.07 },
    ],
    redirectUrl: `https://shop.example.com/financing/${CART_ID}/return`,
    cancelUrl: `https://shop.example.com/checkout?cart=${CART_ID}`,
  }
}

let applicationCounter = 0

/**
 * What the store server seals for the provider: a reference to an application it created at the service
 * (the start-financing-application workflow). initiatePayment never calls the service, so the application
 * need not exist for its tests; `sessionAt` creates real ones for the status reads.
 */
function prepared(overrides: Partial<PreparedApplication> = {}): PreparedApplication {
  const publicId = `0b7c9c0e-1111-4222-8333-${String(++applicationCounter).padStart(12, "0")}`
  return {
    applicationId: `rfapp_01JSPEC${String(applicationCounter).padStart(6, "0")}`,
    publicId,
    storeCode: "SANDBOX",
    link: `https://financing.example.com/apply/${publicId}`,
    cartId: CART_ID,
    amountCents: TOTAL_CENTS,
    createdDate: new Date().toISOString().slice(0, 10),
    preparedAt: new Date().toISOString(),
    ...overrides,
  }
}

/** Session data as it comes back from the database: a JSON copy. */
const throughJson = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)

/** What Medusa's payment module hands initiatePayment for a session the middleware prepared. */
function initiateInput(
  sealed: unknown,
  { sessionId = newSessionId(), amount = TOTAL as BigNumberInput, extra = {} as Record<string, unknown> } = {}
): InitiatePaymentInput {
  return {
    amount,
    currency_code: "usd",
    data: { ...extra, sealed_application: throughJson(sealed), session_id: sessionId },
    context: { idempotency_key: sessionId },
  }
}

const sealedNow = (overrides: Partial<PreparedApplication> = {}) =>
  sealApplication(CALLBACK_SECRET, prepared(overrides))

// ---------------------------------------------------------------------------------------------------------
// The sandbox's control endpoints

interface ControlApplication {
  publicId: string
  status: ApplicationStatusValue
  input: ApplicationInput
  callbackUrl: string | null
  link: string
  createdAt: string
}

async function control(method: "GET" | "POST", path: string, json?: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, sandbox.url), {
    method,
    headers: json === undefined ? {} : { "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const body: unknown = await response.json()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(body)}`)
  return body
}

const applicationsAtSandbox = async () =>
  ((await control("GET", "/sandbox/applications")) as { applications: ControlApplication[] }).applications

async function walk(publicId: string, status: ApplicationStatusValue): Promise<void> {
  const { application: walked } = (await control("POST", `/sandbox/applications/${publicId}/status`, {
    status,
  })) as { application: ControlApplication }
  expect(walked.status).toBe(status)
}

const setFaults = (faults: { latencyMs?: number; errorRate?: number }) =>
  control("POST", "/sandbox/faults", faults)

// ---------------------------------------------------------------------------------------------------------

async function rejection(promise: Promise<unknown>): Promise<MedusaError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (error instanceof MedusaError) return error
  throw new Error(`expected a MedusaError, got ${error instanceof Error ? error.stack : String(error)}`)
}

/** Everything a shopper-facing message or session data must never carry. */
function expectNothingSecretIn(text: string, sessionId?: string): void {
  expect(text).not.toContain(PASSWORD)
  expect(text).not.toContain(CALLBACK_SECRET)
  if (sessionId) expect(text).not.toContain(callbackProof(CALLBACK_SECRET, sessionId))
  expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/) // a JWT
  expect(text).not.toMatch(/bearer/i)
}

function expectShopperReadable(error: MedusaError): void {
  expectNothingSecretIn(error.message)
  expect(error.message).not.toMatch(/https?:|127\.0\.0\.1|localhost|\/v2\/|:\d{2,5}\b/)
  expect(error.message).not.toContain(new URL(sandbox.url).host)
}

/**
 * An application created at the sandbox as the store server creates it, its session started through the
 * provider, and the application walked to `status`.
 */
async function sessionAt(status: ApplicationStatusValue): Promise<Record<string, unknown>> {
  const applicationId = `rfapp_01JSPECSESSION${String(++applicationCounter).padStart(6, "0")}`
  const created = await sharedFinancingClient(
    parseOptions(optionsFor(sandbox.url)),
    logger
  ).createApplication({
    ...application(),
    referenceNumber: applicationId,
  })
  const { data } = await providerFor(closedUrl).initiatePayment(
    initiateInput(sealedNow({ applicationId, publicId: created.publicId, link: created.link }))
  )
  if (status !== "Pending") await walk(created.publicId, status)
  // The module stores the provider's data merged into what the middleware sent.
  return throughJson({ sealed_application: null, ...data })
}

beforeAll(async () => {
  // MathBN (through toCents) loads much of @medusajs/utils on first use: pay for it here, not in a test.
  toCents(1)
  sandbox = await startSandbox({
    seed: 11,
    faults: { dropCallbackRate: 1 },
    invoiceApprovalMs: 3_600_000,
    returnSettleMs: 3_600_000,
  })
  const closed = await startSandbox()
  closedUrl = closed.url
  await closed.close()
}, 30_000)

afterAll(async () => {
  await sandbox.close()
})

beforeEach(() => {
  jest.clearAllMocks()
})

describe("RetailFinancingProviderService", () => {
  it("is registered under the identifier the manifest and medusa-config use", () => {
    expect(RetailFinancingProviderService.identifier).toBe("retail-financing")
    expect(provider().getIdentifier()).toBe("retail-financing")
  })

  it("refuses to construct with invalid options, naming the option", () => {
    expect(() => providerFor(sandbox.url, { backendUrl: "nope" })).toThrow(/"backendUrl"/)
    expect(() => providerFor(sandbox.url, { callbackSecret: "short" })).toThrow(/"callbackSecret"/)
  })

  const clientOf = (service: RetailFinancingProviderService) =>
    (service as unknown as { clientOf(storeCode?: string): FinancingClient }).clientOf(undefined)

  it("shares one financing client (one token) with the plugin's module, which ignores Medusa's keys", () => {
    const options = optionsFor(sandbox.url)
    const module = new RetailFinancingModuleService({ logger }, { ...options, database: { clientUrl: "x" } })
    expect(module.getOptions()).toEqual(parseOptions(options))
    expect(module.getClient()).toBe(clientOf(provider()))
    expect(clientOf(provider())).toBe(clientOf(provider()))
    expect(clientOf(providerFor(sandbox.url, { timeoutMs: 4_000 }))).not.toBe(clientOf(provider()))
  })

  describe("initiatePayment", () => {
    it("starts the session on the application the store server created and sealed, without calling the service", async () => {
      const reference = prepared()

      // The service is unreachable: any call to it would fail.
      const result = await providerFor(closedUrl).initiatePayment(
        initiateInput(sealApplication(CALLBACK_SECRET, reference))
      )

      expect(result).toEqual({
        id: reference.publicId,
        status: "pending",
        data: {
          applicationId: reference.applicationId,
          publicId: reference.publicId,
          link: reference.link,
          applicationStatus: "Pending",
          cartId: CART_ID,
          amountCents: TOTAL_CENTS,
          createdDate: reference.createdDate,
          sealed_application: null,
        },
      })
    })

    it("keeps nothing secret in the session data it returns, not even the seal", async () => {
      const sessionId = newSessionId()
      const sealed = sealedNow()

      const result = await provider().initiatePayment(initiateInput(sealed, { sessionId }))

      const json = JSON.stringify(result)
      expectNothingSecretIn(json, sessionId)
      expect(json).not.toContain(sealed.seal)
      expect(result.data).toHaveProperty("sealed_application", null)
    })

    it("ignores everything else the browser put in data", async () => {
      const reference = prepared()
      const extra = {
        application: { ...application(), products: [{ description: "TV", quantity: 1, value: 1 }] },
        firstName: "Mallory",
        referenceNumber: "chosen-by-the-browser",
        callbackUrl: "https://evil.example.com/hook",
        publicId: "forged-public-id",
        applicationId: "rfapp_someone_else",
        link: "https://evil.example.com/apply",
        amountCents: 100,
        cartId: "cart_someone_else",
        storeCode: "SOMEONE-ELSES-STORE",
      }

      const result = await provider().initiatePayment(
        initiateInput(sealApplication(CALLBACK_SECRET, reference), { extra })
      )

      expect(Object.keys(result.data ?? {}).sort()).toEqual(
        [
          "applicationId",
          "publicId",
          "link",
          "applicationStatus",
          "cartId",
          "amountCents",
          "createdDate",
          "sealed_application",
        ].sort()
      )
      expect(result.data).toMatchObject({
        applicationId: reference.applicationId,
        publicId: reference.publicId,
        link: reference.link,
        amountCents: TOTAL_CENTS,
        cartId: CART_ID,
      })
      expect(result.data).not.toHaveProperty("storeCode")
    })

    it("keeps a location's store code in the session data, so the status is read with that store's token", async () => {
      const result = await provider().initiatePayment(
        initiateInput(sealApplication(CALLBACK_SECRET, prepared({ storeCode: "SANDBOX-WEST" })))
      )
      expect(result.data).toMatchObject({ storeCode: "SANDBOX-WEST" })
    })

    it.each<[string, BigNumberInput]>([
      ["a number", TOTAL],
      ["a decimal string", "1300.04"],
      ["an amount with fractional cents that round to the total", "1300.0449"],
      ["a raw big number", { value: "1300.04", precision: 20 }],
    ])("accepts the session amount as %s", async (_case, amount) => {
      const result = await provider().initiatePayment(initiateInput(sealedNow(), { amount }))

      expect(result.status).toBe("pending")
    })

    describe("refusals, with nothing sent to the service", () => {
      let before: number

      beforeEach(async () => {
        before = (await applicationsAtSandbox()).length
      })

      afterEach(async () => {
        expect((await applicationsAtSandbox()).length).toBe(before)
      })

      const refused = async (input: InitiatePaymentInput, type: string) => {
        const error = await rejection(provider().initiatePayment(input))
        expect(error.type).toBe(type)
        expectShopperReadable(error)
        return error
      }

      it("refuses a session the store server did not prepare (no seal)", async () => {
        const input = initiateInput(undefined)
        delete input.data?.sealed_application

        const error = await refused(input, MedusaError.Types.NOT_ALLOWED)

        expect(error.message).toContain("store API")
      })

      it.each<[string, () => unknown]>([
        ["null", () => null],
        ["a string", () => "sealed"],
        ["a reference without its seal", () => ({ prepared: prepared() })],
        ["a bare reference", () => prepared()],
        ["a bare application", () => application()],
        ["a reference sealed with another secret", () => sealApplication(OTHER_SECRET, prepared())],
        [
          "a sealed reference to another application",
          () => {
            const sealed = throughJson(sealedNow())
            sealed.prepared.publicId = "0b7c9c0e-1111-4222-8333-999999999999"
            return sealed
          },
        ],
        [
          "a sealed reference with its amount altered",
          () => {
            const sealed = throughJson(sealedNow())
            sealed.prepared.amountCents -= 119_800
            return sealed
          },
        ],
        [
          "a sealed reference for another cart",
          () => {
            const sealed = throughJson(sealedNow())
            sealed.prepared.cartId = "cart_someone_else"
            return sealed
          },
        ],
        [
          "an expired one (prepared more than 10 minutes ago)",
          () =>
            sealedNow({
              preparedAt: new Date(Date.now() - PREPARED_APPLICATION_TTL_MS - 1_000).toISOString(),
            }),
        ],
        [
          "one prepared in the future",
          () => sealedNow({ preparedAt: new Date(Date.now() + 60_000).toISOString() }),
        ],
      ])("refuses %s", async (_case, sealed) => {
        const error = await refused(initiateInput(sealed()), MedusaError.Types.NOT_ALLOWED)

        expect(error.message).toContain("store API")
      })

      it.each<[string, BigNumberInput]>([
        ["a cent more", 1300.05],
        ["a cent less", 1300.03],
        ["fractional cents rounding to another cent", "1300.045"],
        ["the whole of another cart", 25],
      ])("refuses a session amount that differs from the sealed total (%s)", async (_case, amount) => {
        const error = await refused(initiateInput(sealedNow(), { amount }), MedusaError.Types.NOT_ALLOWED)

        expect(error.message).toMatch(/total changed/)
      })
    })
  })

  describe("authorizePayment and getPaymentStatus", () => {
    const sessions = new Map<ApplicationStatusValue, Record<string, unknown>>()

    beforeAll(async () => {
      for (const status of APPLICATION_STATUSES) sessions.set(status, await sessionAt(status))
    })

    const sessionOf = (status: ApplicationStatusValue) => sessions.get(status)!

    it.each(Object.entries(EXPECTED_STATUS))(
      "maps %s to %s, recording the status in the session data",
      async (status, expected) => {
        const data = sessionOf(status as ApplicationStatusValue)

        const authorized = await provider().authorizePayment({ data })
        const read = await provider().getPaymentStatus({ data })

        // What the contract was signed for goes into the payment's data, for the capture to judge by, and
        // what it leaves to pay at the store, for the cart's answer to the shopper.
        const { totalInStorePayment } = await clientOf(provider()).getApplicationStatus(String(data.publicId))
        const signed = ["authorized", "captured"].includes(expected)
          ? { signedInvoiceCents: TOTAL_CENTS, inStorePaymentCents: toCents(totalInStorePayment!) }
          : {}
        expect(authorized).toEqual({
          status: expected,
          data: { ...data, applicationStatus: status, ...signed },
        })
        expect(read).toEqual({ status: expected, data: { ...data, applicationStatus: status } })
      }
    )

    it("reads the status from the service, not from the session data", async () => {
      const data = { ...sessionOf("Declined"), applicationStatus: "Signed" }

      expect(await provider().authorizePayment({ data })).toMatchObject({
        status: "error",
        data: { applicationStatus: "Declined" },
      })
    })

    it.each(APPLICATION_STATUSES.flatMap((status) => [[status, 0] as const, [status, 1] as const]))(
      "answers alike for %s (cart %i cent over) reading the status itself or taking the one the server sealed",
      async (status, centsOver) => {
        const session = await sessionAt(status)
        const data: Record<string, unknown> = { ...session, amountCents: TOTAL_CENTS + centsOver }
        const publicId = String(session.publicId)
        const fromService = await provider().authorizePayment({ data })

        // What the sync puts in the session's data: a genuine read from the service, sealed.
        const read = await clientOf(provider()).getApplicationStatus(publicId)
        const sealed = { ...data, recentStatus: sealStatus(CALLBACK_SECRET, publicId, read, new Date()) }
        // A provider whose service is unreachable can only answer from the sealed read.
        const fromSeal = await providerFor(closedUrl).authorizePayment({ data: sealed })

        // The same answer, and the sealed read is not carried on into the payment's data.
        expect(fromSeal).toEqual(fromService)
      }
    )

    it("reads the status itself when the sealed read is forged, stale or another application's", async () => {
      const session = await sessionAt("Signed")
      const publicId = String(session.publicId)
      const read = { status: "Signed" as const, invoiceAmount: TOTAL }
      const unusable = [
        sealStatus(OTHER_SECRET, publicId, read, new Date()),
        sealStatus(CALLBACK_SECRET, publicId, read, new Date(Date.now() - 61_000)),
        sealStatus(CALLBACK_SECRET, "another-application", read, new Date()),
        { ...sealStatus(CALLBACK_SECRET, publicId, read, new Date()), status: "Funded" },
      ]
      for (const recentStatus of unusable) {
        // Unreachable service: had the provider taken the read, it would have answered.
        await expect(
          providerFor(closedUrl).authorizePayment({ data: { ...session, recentStatus } })
        ).rejects.toThrow(MedusaError)
      }
    })

    it("retrieves the payment with its current status", async () => {
      const data = sessionOf("Funded")

      expect(await provider().retrievePayment({ data })).toEqual({
        data: { ...data, applicationStatus: "Funded" },
      })
    })

    describe("a contract signed for less than the cart", () => {
      it.each(CONTRACT_STATUSES)("is an error, never authorized, when %s", async (status) => {
        const data = { ...sessionOf(status), amountCents: TOTAL_CENTS + 1 }

        expect((await provider().authorizePayment({ data })).status).toBe("error")
        expect((await provider().getPaymentStatus({ data })).status).toBe("error")
        expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("less than the cart"))
      })

      it.each(CONTRACT_STATUSES)(
        "is authorized when the contract covers the cart exactly (%s)",
        async (status) => {
          expect((await provider().authorizePayment({ data: sessionOf(status) })).status).toBe(
            EXPECTED_STATUS[status]
          )
          expect(
            (
              await provider().authorizePayment({
                data: { ...sessionOf(status), amountCents: TOTAL_CENTS - 1 },
              })
            ).status
          ).toBe(EXPECTED_STATUS[status])
        }
      )
    })

    it.each([undefined, {}, { publicId: "" }, { publicId: 42 }])(
      "refuses session data %p without calling the service",
      async (data) => {
        const error = await rejection(providerFor(closedUrl).getPaymentStatus({ data }))

        expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      }
    )
  })

  describe("capturePayment", () => {
    it("captures a funded contract, and again when asked twice", async () => {
      const data = await sessionAt("Funded")

      const first = await provider().capturePayment({ data })
      const second = await provider().capturePayment({ data: first.data })

      expect(first).toEqual({
        data: { ...data, applicationStatus: "Funded", capturedInvoiceCents: TOTAL_CENTS },
      })
      expect(second).toEqual(first)
    })

    it("captures a funded contract the store's returns reduced, judged on the amount it was signed for", async () => {
      const data = await sessionAt("Funded")
      const reducedFrom = {
        ...data,
        amountCents: TOTAL_CENTS + 5_000,
        signedInvoiceCents: TOTAL_CENTS + 5_000,
      }

      const captured = await provider().capturePayment({ data: reducedFrom })

      expect(captured.data).toEqual(expect.objectContaining({ capturedInvoiceCents: TOTAL_CENTS }))
      // The rest of the authorization is what the returns took off: a second capture is refused.
      const error = await rejection(provider().capturePayment({ data: captured.data }))
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(/captured already/)
    })

    it.each(APPLICATION_STATUSES.filter((status) => status !== "Funded"))(
      "refuses when the application is %s, saying why in the merchant's words",
      async (status) => {
        const data = await sessionAt(status)

        const error = await rejection(provider().capturePayment({ data }))

        expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
        // The dashboard toasts this message as it is: the sentence for the status read, and no raw names.
        expect(error.message).toBe(captureRefusalMessage(status))
        expect(error.message).not.toContain(String(data.publicId))
        expectShopperReadable(error)
      }
    )

    it("tells a merchant who presses Capture on a contract waiting for its invoice what the lender still needs", async () => {
      const data = await sessionAt("SignedWaitingForInvoice")

      const error = await rejection(provider().capturePayment({ data }))

      expect(error.message).toMatch(/captured by itself when the lender funds/)
      expect(error.message).toMatch(/Still missing: the order's invoice/)
      expect(error.message).toMatch(/delivery information/)
      expect(error.message).not.toMatch(/SignedWaitingForInvoice/)
    })

    it("refuses a funded contract signed for less than the cart, saying so", async () => {
      const data = { ...(await sessionAt("Funded")), amountCents: TOTAL_CENTS + 1 }

      const error = await rejection(provider().capturePayment({ data }))

      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      // Not "the payment is captured when the lender funds the contract": it is funded already.
      expect(error.message).toMatch(/less than|does not cover/i)
    })
  })

  describe("cancelPayment, deletePayment and updatePayment", () => {
    const data = {
      publicId: "0b7c9c0e-1111-4222-8333-444455556666",
      applicationStatus: "Declined",
      cartId: CART_ID,
    }

    it.each(["cancelPayment", "deletePayment"] as const)(
      "%s returns the data unchanged, again when repeated, without calling the service",
      async (method) => {
        // The service is unreachable: any call to it would fail.
        const service = providerFor(closedUrl)

        const first = await service[method]({ data })
        const second = await service[method]({ data: first.data })

        expect(first).toEqual({ data })
        expect(second).toEqual({ data })
      }
    )

    it("updatePayment returns the data unchanged, again when repeated, without calling the service", async () => {
      const service = providerFor(closedUrl)
      const input = { data, amount: TOTAL, currency_code: "usd" }

      expect(await service.updatePayment(input)).toEqual({ data })
      expect(await service.updatePayment(input)).toEqual({ data })
    })

    it.each(["cancelPayment", "deletePayment"] as const)("%s accepts empty data", async (method) => {
      expect(await providerFor(closedUrl)[method]({ data: {} })).toEqual({ data: {} })
    })
  })

  it("accepts a refund without calling the service: the ledger sends it as a return request", async () => {
    const data = await sessionAt("Funded")

    // closedUrl refuses connections, so any call to the service would make this reject.
    expect(await providerFor(closedUrl).refundPayment({ amount: 10, data })).toEqual({ data })
  })

  it("leaves status callbacks to the plugin's own route", async () => {
    const payload = { data: { status: "Signed" }, rawData: "{}", headers: {} }

    expect(await provider().getWebhookActionAndData(payload)).toEqual({ action: "not_supported" })
  })

  describe("when the service fails", () => {
    const connectionRefused = "The financing service is not available right now"

    it.each<[string, (service: RetailFinancingProviderService) => Promise<unknown>]>([
      ["authorizePayment", (service) => service.authorizePayment({ data: { publicId: "app-1" } })],
      ["getPaymentStatus", (service) => service.getPaymentStatus({ data: { publicId: "app-1" } })],
      ["capturePayment", (service) => service.capturePayment({ data: { publicId: "app-1" } })],
    ])(
      "%s: a closed service becomes a shopper-readable MedusaError with no URL, token or password",
      async (_method, call) => {
        const error = await rejection(call(providerFor(closedUrl)))

        expect(error.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
        expect(error.message).toContain(connectionRefused)
        expectShopperReadable(error)
        expect(error.message).not.toContain(new URL(closedUrl).host)
        // The detail goes to the log, still without secrets.
        expect(logger.warn).toHaveBeenCalledTimes(1)
        expectNothingSecretIn(String(jest.mocked(logger.warn).mock.calls[0][0]))
      }
    )

    describe("with faults injected by the sandbox", () => {
      afterEach(async () => {
        await setFaults({ latencyMs: 0, errorRate: 0 })
      })

      it("a failing service (503) gives the same message, without the service's own words", async () => {
        const data = await sessionAt("Signed")
        await provider().getPaymentStatus({ data }) // a token, before the service starts failing
        await setFaults({ errorRate: 1 })

        const error = await rejection(provider().authorizePayment({ data }))

        expect(error.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
        expect(error.message).toContain(connectionRefused)
        expect(error.message).not.toMatch(/503|injected|sandbox/)
        expectShopperReadable(error)
      })
    })
  })
})
