import { FinancingClient } from "../client"
import {
  FinancingApiError,
  FinancingAuthenticationError,
  FinancingBadRequestError,
  FinancingConflictError,
  FinancingConnectionError,
  FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingRateLimitError,
  FinancingResponseError,
  FinancingServerError,
  FinancingTimeoutError,
  FinancingValidationError,
} from "../errors"
import {
  RetryPolicyOptions,
  classifyFailure,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
} from "../retry-policy"
import { ScriptedService, refusedPort } from "./support/scripted-service"
import { PASSWORD, clientFor, fakeJwt, rejectionOf, scriptTokens, validApplication } from "./support/fixtures"

const ENDPOINT = "GET /v2/returnreasons"
const api = (
  Class: new (details: ConstructorParameters<typeof FinancingApiError>[0]) => FinancingApiError,
  status: number,
  retryAfterMs?: number
) => new Class({ endpoint: ENDPOINT, status, messages: [], retryAfterMs })
const connection = (code?: string) => new FinancingConnectionError(ENDPOINT, "failed", code)

const policy: RetryPolicyOptions = {
  maxRetries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 30_000,
}

describe("classifyFailure", () => {
  it.each<[string, string, FinancingError]>([
    ["429", "not-sent", api(FinancingRateLimitError, 429)],
    ["ECONNREFUSED", "not-sent", connection("ECONNREFUSED")],
    ["ENOTFOUND", "not-sent", connection("ENOTFOUND")],
    ["EAI_AGAIN", "not-sent", connection("EAI_AGAIN")],
    ["ECONNRESET", "ambiguous", connection("ECONNRESET")],
    ["a connection error without code", "ambiguous", connection()],
    ["a timeout", "ambiguous", new FinancingTimeoutError(ENDPOINT, 100)],
    ["500", "ambiguous", api(FinancingServerError, 500)],
    ["503", "ambiguous", api(FinancingServerError, 503)],
    ["400", "final", api(FinancingBadRequestError, 400)],
    ["401", "final", api(FinancingAuthenticationError, 401)],
    ["404", "final", api(FinancingNotFoundError, 404)],
    ["409", "final", api(FinancingConflictError, 409)],
    ["418", "final", api(FinancingApiError, 418)],
    ["a malformed answer", "final", new FinancingResponseError(ENDPOINT, 200, [])],
    ["a validation error", "final", new FinancingValidationError("x", [])],
  ])("%s is %s", (_title, kind, error) => {
    expect(classifyFailure(error)).toBe(kind)
  })
})

describe("shouldRetry", () => {
  it("retries what was not sent, idempotent or not", () => {
    for (const error of [api(FinancingRateLimitError, 429), connection("ECONNREFUSED")]) {
      expect(shouldRetry(error, 0, true, policy)).toBe(true)
      expect(shouldRetry(error, 0, false, policy)).toBe(true)
    }
  })

  it("retries an ambiguous failure only for an idempotent request", () => {
    for (const error of [
      api(FinancingServerError, 503),
      new FinancingTimeoutError(ENDPOINT, 100),
      connection("ECONNRESET"),
    ]) {
      expect(shouldRetry(error, 0, true, policy)).toBe(true)
      expect(shouldRetry(error, 0, false, policy)).toBe(false)
    }
  })

  it("never retries a final failure", () => {
    for (const status of [400, 404, 409]) {
      expect(shouldRetry(api(FinancingApiError, status), 0, true, policy)).toBe(false)
    }
  })

  it("stops at maxRetries", () => {
    const error = api(FinancingServerError, 503)
    expect(shouldRetry(error, 2, true, policy)).toBe(true)
    expect(shouldRetry(error, 3, true, policy)).toBe(false)
    expect(shouldRetry(error, 0, true, { ...policy, maxRetries: 0 })).toBe(false)
  })

  it("does not wait for a Retry-After beyond maxRetryAfterMs", () => {
    expect(shouldRetry(api(FinancingRateLimitError, 429, 30_000), 0, false, policy)).toBe(true)
    expect(shouldRetry(api(FinancingRateLimitError, 429, 30_001), 0, false, policy)).toBe(false)
  })
})

describe("retryDelayMs", () => {
  const error = api(FinancingServerError, 503)
  const at = (random: number) => ({ ...policy, random: () => random })

  it.each([
    [1, 50, 100],
    [2, 100, 200],
    [3, 200, 400],
    [4, 400, 800],
    [5, 500, 1_000], // capped at maxDelayMs
    [12, 500, 1_000],
  ])("retry %i waits between %i (random 0) and %i ms (random 1)", (retry, low, high) => {
    expect(retryDelayMs(retry, error, at(0))).toBe(low)
    expect(retryDelayMs(retry, error, at(1))).toBe(high)
    const middle = retryDelayMs(retry, error, at(0.5))
    expect(middle).toBeGreaterThanOrEqual(low)
    expect(middle).toBeLessThanOrEqual(high)
  })

  it("waits what Retry-After says instead of the backoff", () => {
    expect(retryDelayMs(1, api(FinancingRateLimitError, 429, 3_000), at(0))).toBe(3_000)
    expect(retryDelayMs(1, api(FinancingServerError, 503, 0), at(1))).toBe(0)
  })

  it("never waits longer than maxRetryAfterMs", () => {
    expect(retryDelayMs(1, api(FinancingRateLimitError, 429, 120_000), policy)).toBe(30_000)
  })
})

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0)

  it.each<[string | undefined, number | undefined]>([
    ["1", 1_000],
    ["0", 0],
    [" 120 ", 120_000],
    [new Date(now + 30_000).toUTCString(), 30_000],
    [new Date(now - 30_000).toUTCString(), 0], // a date in the past: now
    ["soon", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("reads %p as %p ms", (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected)
  })
})

describe("retries over HTTP", () => {
  let service: ScriptedService

  beforeEach(async () => {
    service = await ScriptedService.start()
    scriptTokens(service, fakeJwt())
  })

  afterEach(async () => {
    await service.close()
  })

  const created = { json: { publicId: "pub-1", link: "https://apply.example.com/a/pub-1" } }

  it("retries a GET on 503 and then succeeds", async () => {
    service.on(
      "GET",
      "/v2/returnreasons",
      { status: 503 },
      { status: 503 },
      { json: [{ publicId: "r", description: "d" }] }
    )
    const client = clientFor(service, { maxRetries: 2 })

    await expect(client.listReturnReasons()).resolves.toEqual([{ publicId: "r", description: "d" }])
    expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(3)
  })

  it("waits for Retry-After: 1 on 429, even for createApplication, and sends it again", async () => {
    service.on("POST", "/v2/applications", { status: 429, headers: { "Retry-After": "1" } }, created)
    const client = clientFor(service)
    const started = Date.now()

    await expect(client.createApplication(validApplication())).resolves.toEqual(created.json)

    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    const [first, second] = service.requestsTo("POST", "/v2/applications")
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(900)
    expect(second.text).toBe(first.text)
  })

  it("gives up at once on a Retry-After beyond maxRetryAfterMs", async () => {
    service.on("GET", "/v2/returnreasons", { status: 429, headers: { "Retry-After": "120" } })
    const client = clientFor(service, { maxRetryAfterMs: 5_000 })
    const started = Date.now()

    const error = await rejectionOf(client.listReturnReasons())

    expect(error).toBeInstanceOf(FinancingRateLimitError)
    expect((error as FinancingRateLimitError).retryAfterMs).toBe(120_000)
    expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it("retries a refused connection, then fails with FinancingConnectionError ECONNREFUSED", async () => {
    const warn = jest.fn()
    const client = new FinancingClient({
      baseUrl: `http://127.0.0.1:${await refusedPort()}`,
      username: "u",
      password: PASSWORD,
      maxRetries: 2,
      retryBaseDelayMs: 1,
      retryMaxDelayMs: 5,
      logger: { warn },
    })

    // createApplication too: a refused connection provably did not create anything.
    for (const call of [
      () => client.lowestPaymentOption("S1", 10),
      () => client.createApplication(validApplication()),
    ]) {
      warn.mockClear()
      const error = await rejectionOf(call())
      expect(error).toBeInstanceOf(FinancingConnectionError)
      expect(error).not.toBeInstanceOf(FinancingTimeoutError)
      expect((error as FinancingConnectionError).code).toBe("ECONNREFUSED")
      expect(warn).toHaveBeenCalledTimes(2) // one warning per retry: 3 attempts
    }
  })

  it("turns no answer within timeoutMs into FinancingTimeoutError, retrying a read", async () => {
    service.on("GET", "/v2/returnreasons", { json: [], delayMs: 3_000 })
    const client = clientFor(service, { timeoutMs: 1_000, maxRetries: 1 })
    const started = Date.now()

    const error = await rejectionOf(client.listReturnReasons())

    expect(error).toBeInstanceOf(FinancingTimeoutError)
    expect((error as FinancingTimeoutError).timeoutMs).toBe(1_000)
    expect((error as FinancingTimeoutError).code).toBe("ETIMEDOUT")
    expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(2)
    expect(Date.now() - started).toBeLessThan(2_250)
  })

  it.each<[string, object]>([
    ["500", { status: 500, json: { message: "internal" } }],
    ["a timeout", { ...created, delayMs: 2_000 }],
    ["a reset connection", { destroy: true }],
  ])(
    "sends createApplication exactly once on %s and throws FinancingOutcomeUnknownError",
    async (_title, reply) => {
      service.on("POST", "/v2/applications", reply)
      const client = clientFor(service, { timeoutMs: 1_000, maxRetries: 3 })

      const error = await rejectionOf(client.createApplication(validApplication()))

      expect(error).toBeInstanceOf(FinancingOutcomeUnknownError)
      expect((error as FinancingOutcomeUnknownError).endpoint).toBe("POST /v2/applications")
      expect(error.cause).toBeInstanceOf(FinancingError)
      expect(service.requestsTo("POST", "/v2/applications")).toHaveLength(1)
    }
  )

  /*
   * KNOWN BUG (fails until fixed): createApplication wraps every "ambiguous" failure in
   * FinancingOutcomeUnknownError, including one from the token request (client.ts, the catch around
   * `this.authorized(...)`). When the token cannot be had, POST /v2/applications was never sent (or was
   * refused with 401), so its outcome is known: nothing was created. The caller must get the token's own
   * error, not a "may have been created" one.
   */
  it.each<[string, () => void]>([
    [
      "the first token request fails with 503",
      () => service.on("POST", "/v2/token", { status: 503, text: "token service down" }),
    ],
    [
      "the refresh after a 401 fails with 503",
      () => {
        service.on(
          "POST",
          "/v2/token",
          { json: { jwt: "token-1" } },
          { status: 503, text: "token service down" }
        )
        service.on("POST", "/v2/applications", { status: 401 })
      },
    ],
  ])("does not report an unknown outcome when %s", async (_title, script) => {
    script()
    const client = clientFor(service, { maxRetries: 1 })

    const error = await rejectionOf(client.createApplication(validApplication()))

    expect(error).not.toBeInstanceOf(FinancingOutcomeUnknownError)
    expect(error).toBeInstanceOf(FinancingServerError)
    expect((error as FinancingServerError).endpoint).toBe("POST /v2/token")
    expect(service.requestsTo("POST", "/v2/applications").length).toBeLessThanOrEqual(1)
  })

  it.each<[string, (client: FinancingClient) => Promise<unknown>, string, string]>([
    [
      "requestReturn",
      (c) => c.requestReturn("pub-1", { returnType: 2 }),
      "POST",
      "/v2/applications/pub-1/requestreturn",
    ],
    [
      "uploadInvoice",
      (c) => c.uploadInvoice("pub-1", { filename: "i.pdf", content: Buffer.from("%PDF-1.4 x") }),
      "POST",
      "/v2/applications/pub-1/uploadinvoice",
    ],
    [
      "addDeliveryInformation",
      (c) =>
        c.addDeliveryInformation("pub-1", {
          address: "1 Main St",
          city: "Austin",
          state: "TX",
          zip: "78701",
        }),
      "POST",
      "/v2/applications/pub-1/deliveryinformation",
    ],
  ])(
    "sends %s once on 503 (not idempotent) and throws FinancingServerError",
    async (_title, call, method, path) => {
      service.on(method, path, { status: 503 })
      const client = clientFor(service, { maxRetries: 3 })

      const error = await rejectionOf(call(client))

      expect(error).toBeInstanceOf(FinancingServerError)
      expect(error).not.toBeInstanceOf(FinancingOutcomeUnknownError)
      expect(service.requestsTo(method, path)).toHaveLength(1)
    }
  )

  it("retries addOrderReferences on 503 (a set: idempotent)", async () => {
    service.on("POST", "/v2/applications/pub-1/orders", { status: 503 }, { status: 204 })
    const client = clientFor(service)

    await expect(client.addOrderReferences("pub-1", ["1001"])).resolves.toBeUndefined()
    expect(service.requestsTo("POST", "/v2/applications/pub-1/orders")).toHaveLength(2)
  })

  it.each([
    [400, FinancingBadRequestError],
    [404, FinancingNotFoundError],
    [409, FinancingConflictError],
  ])("never retries %i", async (status, ErrorClass) => {
    service.on("GET", "/v2/returnreasons", { status })
    service.on("POST", "/v2/applications/pub-1/orders", { status })
    const client = clientFor(service, { maxRetries: 3 })

    await expect(client.listReturnReasons()).rejects.toBeInstanceOf(ErrorClass)
    await expect(client.addOrderReferences("pub-1", ["1"])).rejects.toBeInstanceOf(ErrorClass)

    expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(1)
    expect(service.requestsTo("POST", "/v2/applications/pub-1/orders")).toHaveLength(1)
  })

  it.each([0, 1, 3])("sends a failing read 1 + maxRetries times (maxRetries %i)", async (maxRetries) => {
    service.on("GET", "/v2/returnreasons", { status: 503 })
    const client = clientFor(service, { maxRetries })

    await expect(client.listReturnReasons()).rejects.toBeInstanceOf(FinancingServerError)
    expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(1 + maxRetries)
  })

  it("warns once per retry, never with the password or the token", async () => {
    const jwt = fakeJwt({ store: "STORE1" }, "warn-test-signature")
    scriptTokens(service, jwt)
    service.on("GET", "/v2/returnreasons", (request) => ({
      status: 503,
      json: { message: `overloaded; you sent ${request.headers.authorization} and password ${PASSWORD}` },
    }))
    const warn = jest.fn()
    const client = clientFor(service, { maxRetries: 2, logger: { warn } })

    await expect(client.listReturnReasons()).rejects.toBeInstanceOf(FinancingServerError)

    expect(warn).toHaveBeenCalledTimes(2)
    const logged = warn.mock.calls.map(([message]) => String(message)).join("\n")
    expect(logged).toContain("GET /v2/returnreasons")
    expect(logged).toContain("[redacted]") // the echo did reach the log line, redacted
    expect(logged).not.toContain(PASSWORD)
    expect(logged).not.toContain(jwt)
    expect(logged).not.toContain("warn-test-signature")
  })
})
