import { inspect } from "node:util"
import { FinancingClient } from "../client"
import {
  FinancingApiError,
  FinancingAuthenticationError,
  FinancingBadRequestError,
  FinancingConflictError,
  FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingRateLimitError,
  FinancingResponseError,
  FinancingServerError,
  FinancingValidationError,
  apiErrorClassFor,
} from "../errors"
import { RecordedRequest, ScriptedService } from "./support/scripted-service"
import {
  PASSWORD,
  clientFor,
  fakeJwt,
  rejectionOf,
  scriptTokens,
  statusBody,
  validApplication,
} from "./support/fixtures"

const STATUS_TABLE: Array<[number, typeof FinancingApiError]> = [
  [400, FinancingBadRequestError],
  [401, FinancingAuthenticationError],
  [403, FinancingAuthenticationError],
  [404, FinancingNotFoundError],
  [409, FinancingConflictError],
  [422, FinancingBadRequestError],
  [429, FinancingRateLimitError],
  [500, FinancingServerError],
  [502, FinancingServerError],
  [503, FinancingServerError],
  [418, FinancingApiError],
]

const named = (table: typeof STATUS_TABLE) =>
  table.map(
    ([status, ErrorClass]) =>
      [status, ErrorClass.name, ErrorClass] as [number, string, typeof FinancingApiError]
  )

describe("apiErrorClassFor", () => {
  it.each(named(STATUS_TABLE))("maps %i to %s", (status, _name, ErrorClass) => {
    expect(apiErrorClassFor(status)).toBe(ErrorClass)
  })
})

describe("errors over HTTP", () => {
  const JWT = fakeJwt({ store: "STORE1" }, "errors-spec-signature")
  let service: ScriptedService
  let client: FinancingClient

  beforeEach(async () => {
    service = await ScriptedService.start()
    scriptTokens(service, JWT)
    client = clientFor(service, { maxRetries: 0 })
  })

  afterEach(async () => {
    await service.close()
  })

  it.each(named(STATUS_TABLE))(
    "a %i answer throws %s carrying the status and the endpoint",
    async (status, _name, ErrorClass) => {
      service.on("GET", "/v2/returnreasons", { status })

      const error = await rejectionOf(client.listReturnReasons())

      expect(error).toBeInstanceOf(ErrorClass)
      expect(error.constructor).toBe(ErrorClass)
      expect(error).toBeInstanceOf(FinancingError)
      expect(error.name).toBe(ErrorClass.name)
      expect((error as FinancingApiError).status).toBe(status)
      expect((error as FinancingApiError).endpoint).toBe("GET /v2/returnreasons")
    }
  )

  describe("the service's messages", () => {
    it.each<[string, object, string[]]>([
      ["a JSON message", { json: { message: "Store is closed" } }, ["Store is closed"]],
      [
        "an ASP.NET-style errors map",
        {
          json: {
            title: "One or more validation errors occurred.",
            status: 400,
            errors: { email: ["must be valid", "is too long"], "products[0].value": ["must be positive"] },
          },
        },
        [
          "One or more validation errors occurred.",
          "email: must be valid",
          "email: is too long",
          "products[0].value: must be positive",
        ],
      ],
      ["a plain text", { text: "Store closed for maintenance" }, ["Store closed for maintenance"]],
      [
        "an HTML page (ignored)",
        {
          text: "<!DOCTYPE html>\n<html><body><h1>400 Bad Request</h1></body></html>",
          headers: { "content-type": "text/html" },
        },
        [],
      ],
      ["an empty body", {}, []],
    ])("are read from %s", async (_title, reply, messages) => {
      service.on("GET", "/v2/returnreasons", { status: 400, ...reply })

      const error = (await rejectionOf(client.listReturnReasons())) as FinancingApiError

      expect(error).toBeInstanceOf(FinancingBadRequestError)
      expect(error.messages).toEqual(messages)
      expect(error.message).toBe(
        `GET /v2/returnreasons answered 400${messages.length > 0 ? `: ${messages.join("; ")}` : ""}`
      )
    })
  })

  describe("secrets never reach an error", () => {
    /** Every way an error is commonly printed, logged or stored. */
    function renderings(error: Error): string[] {
      const fields = error as Partial<FinancingApiError>
      return [
        error.message,
        (fields.messages ?? []).join("\n"),
        error.stack ?? "",
        JSON.stringify(error),
        inspect(error, { depth: 10 }),
        String(error),
      ]
    }

    function expectNoSecrets(error: Error, secrets: string[]): void {
      for (const text of renderings(error)) {
        for (const secret of secrets) expect(text).not.toContain(secret)
      }
    }

    /** What an echoing service saw: the password from the token request, the token from the header. */
    const passwordSeen = () => service.requestsTo("POST", "/v2/token")[0]?.form().get("password") ?? ""
    const tokenSeen = (request: RecordedRequest) => String(request.headers.authorization ?? "")

    it("redacts the password and the bearer token echoed in an error body", async () => {
      service.on("GET", "/v2/returnreasons", (request) => ({
        status: 400,
        json: {
          message: `bad request from password ${passwordSeen()} with ${tokenSeen(request)}`,
          errors: { authorization: [tokenSeen(request)], password: [passwordSeen()] },
          detail: `token=${bearer(request)}`,
        },
      }))

      const error = (await rejectionOf(client.listReturnReasons())) as FinancingApiError

      expect(passwordSeen()).toBe(PASSWORD) // the echo really carried the secrets
      expect(error.messages.join(" ")).toContain("[redacted]")
      expectNoSecrets(error, [PASSWORD, JWT, "errors-spec-signature"])
    })

    it("redacts them in a plain-text error body", async () => {
      service.on("GET", "/v2/returnreasons", (request) => ({
        status: 500,
        text: `crash: ${tokenSeen(request)} / ${passwordSeen()}`,
      }))

      const error = await rejectionOf(client.listReturnReasons())

      expect(error).toBeInstanceOf(FinancingServerError)
      expect(error.message).toContain("crash: Bearer [redacted] / [redacted]")
      expectNoSecrets(error, [PASSWORD, JWT])
    })

    it("redacts the password echoed by the token endpoint", async () => {
      service.on("POST", "/v2/token", (request) => ({
        status: 401,
        json: { message: `password '${request.form().get("password")}' is wrong` },
      }))

      const error = await rejectionOf(client.listFinancingPartners())

      expect(error).toBeInstanceOf(FinancingAuthenticationError)
      expect(error.message).toContain("password '[redacted]' is wrong")
      expectNoSecrets(error, [PASSWORD])
    })

    it("redacts them through FinancingOutcomeUnknownError and its cause", async () => {
      service.on("POST", "/v2/applications", (request) => ({
        status: 500,
        json: { message: `failed for ${tokenSeen(request)} (${passwordSeen()})` },
      }))

      const error = await rejectionOf(client.createApplication(validApplication()))

      expect(error).toBeInstanceOf(FinancingOutcomeUnknownError)
      expectNoSecrets(error, [PASSWORD, JWT])
      expectNoSecrets(error.cause as Error, [PASSWORD, JWT])
    })

    /*
     * KNOWN BUG (fails until fixed): redact() removes the password only as typed. The client sends it
     * form-encoded (URLSearchParams: "+" → %2B, "/" → %2F, ...), and a service that echoes the body it
     * received puts that encoding in the error, which anyone can decode. The encoded form must be
     * redacted as well.
     */
    it("redacts the password when the token endpoint echoes the form body it received", async () => {
      service.on("POST", "/v2/token", (request) => ({
        status: 400,
        text: `cannot parse body: ${request.text}`,
      }))

      const error = await rejectionOf(client.getToken())

      expect(error).toBeInstanceOf(FinancingAuthenticationError)
      expect(error.message).toContain("cannot parse body: username=")
      expectNoSecrets(error, [
        PASSWORD,
        new URLSearchParams({ password: PASSWORD }).toString().slice("password=".length),
      ])
    })
  })

  describe("endpoint names", () => {
    it("name the endpoint by its template, never by the filled-in path", async () => {
      service.on("GET", /\/status$/, { status: 404 })

      const error = await rejectionOf(client.getApplicationStatus("pub-SECRET-42"))

      expect(error).toBeInstanceOf(FinancingNotFoundError)
      expect((error as FinancingNotFoundError).endpoint).toBe("GET /v2/applications/{publicId}/status")
      expect(service.requests.at(-1)?.path).toBe("/v2/applications/pub-SECRET-42/status")
      for (const text of [error.message, JSON.stringify(error), inspect(error, { depth: 10 })]) {
        expect(text).not.toContain("pub-SECRET-42")
      }
    })

    it("name the endpoint of a request refused before sending", async () => {
      const error = await rejectionOf(client.requestReturn("pub-1", { returnType: 7 as never }))

      expect(error).toBeInstanceOf(FinancingValidationError)
      expect((error as FinancingValidationError).endpoint).toBe(
        "POST /v2/applications/{publicId}/requestreturn"
      )
      expect(service.requests).toHaveLength(0)
    })
  })

  describe("a success answer the spec does not allow", () => {
    it.each([
      ["malformed JSON", '[{"publicId": "r",'],
      ["an HTML page", "<html><body>Maintenance</body></html>"],
    ])("fails with FinancingResponseError on %s", async (_title, text) => {
      service.on("GET", "/v2/returnreasons", { status: 200, text })

      const error = (await rejectionOf(client.listReturnReasons())) as FinancingResponseError

      expect(error).toBeInstanceOf(FinancingResponseError)
      expect(error.status).toBe(200)
      expect(error.endpoint).toBe("GET /v2/returnreasons")
      expect(error.issues).toEqual([{ path: "", message: "is not JSON" }])
    })

    it("fails with FinancingResponseError listing each wrong field's path", async () => {
      service.on("GET", /\/status$/, {
        json: statusBody({
          status: "Approvedish",
          paymentInfo: { transferID: "T", date: "2025-01-01", amount: "12,50", status: "pending" },
        }),
      })

      const error = (await rejectionOf(client.getApplicationStatus("pub-1"))) as FinancingResponseError

      expect(error).toBeInstanceOf(FinancingResponseError)
      expect(error.issues.map((issue) => issue.path).sort()).toEqual(["paymentInfo.amount", "status"])
      expect(error.message).toMatch(
        /^GET \/v2\/applications\/\{publicId\}\/status answered 200 with an unexpected body: /
      )
      expect(error.message).toContain("paymentInfo.amount")
      expect(error.message).toContain("status")
    })

    it("names array positions in the path", async () => {
      service.on("GET", "/v2/returnreasons", {
        json: [
          { publicId: "r1", description: "ok" },
          { publicId: "", description: 5 },
        ],
      })

      const error = (await rejectionOf(client.listReturnReasons())) as FinancingResponseError

      expect(error.issues.map((issue) => issue.path).sort()).toEqual(["[1].description", "[1].publicId"])
    })

    it("fails with FinancingResponseError when a required result is empty", async () => {
      service.on("POST", "/v2/applications", { status: 200 })

      const error = await rejectionOf(client.createApplication(validApplication()))

      expect(error).toBeInstanceOf(FinancingResponseError)
      expect(service.requestsTo("POST", "/v2/applications")).toHaveLength(1)
    })
  })
})

function bearer(request: RecordedRequest): string {
  return String(request.headers.authorization ?? "").replace(/^Bearer /, "")
}
