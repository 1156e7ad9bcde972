import {
  FinancingAuthenticationError,
  FinancingBadRequestError,
  FinancingConnectionError,
  type FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingRateLimitError,
  FinancingResponseError,
  FinancingServerError,
  FinancingTimeoutError,
  FinancingValidationError,
} from "../../../lib/financing/errors"
import {
  SERVICE_FAILURE_CODES,
  type ServiceFailureKind,
  merchantMessageFor,
  serviceFailureKindOf,
  serviceFailureKindOfCode,
  shopperMessageFor,
} from "../service-failure-message"

const CREATE = "POST /v2/applications"
const apiError = { endpoint: CREATE, messages: ["mobilePhone is invalid"] }

const UNAVAILABLE =
  "The financing service is not available right now; try again or choose another way to pay."
const TIMEOUT = "The financing service did not answer in time; try again or choose another way to pay."
const REFUSED = "The financing service refused this request. Please choose another way to pay."
const UNUSABLE = "The financing request could not be made. Please choose another way to pay."

const refusedConnection = () =>
  new FinancingConnectionError(CREATE, "connect ECONNREFUSED 127.0.0.1:4010", "ECONNREFUSED")
const resetConnection = () => new FinancingConnectionError(CREATE, "socket hang up", "ECONNRESET")
const serverError = () => new FinancingServerError({ ...apiError, status: 503 })

const CASES: Array<[string, FinancingError, ServiceFailureKind, string]> = [
  [
    "a creation answered 503 at once (its outcome unknown, but no timeout)",
    new FinancingOutcomeUnknownError(CREATE, serverError()),
    "unavailable",
    UNAVAILABLE,
  ],
  [
    "a creation whose connection was reset (its outcome unknown)",
    new FinancingOutcomeUnknownError(CREATE, resetConnection()),
    "unavailable",
    UNAVAILABLE,
  ],
  [
    "a creation that timed out (its outcome unknown)",
    new FinancingOutcomeUnknownError(CREATE, new FinancingTimeoutError(CREATE, 2000)),
    "timeout",
    TIMEOUT,
  ],
  [
    "a timed-out read",
    new FinancingTimeoutError("GET /v2/applications/{publicId}/status", 2000),
    "timeout",
    TIMEOUT,
  ],
  ["a refused connection", refusedConnection(), "unavailable", UNAVAILABLE],
  ["a failing service", serverError(), "unavailable", UNAVAILABLE],
  [
    "a service asking to slow down",
    new FinancingRateLimitError({ ...apiError, status: 429 }),
    "unavailable",
    UNAVAILABLE,
  ],
  [
    "an unknown application",
    new FinancingNotFoundError({ ...apiError, status: 404 }),
    "not_found",
    "The financing service does not know this application.",
  ],
  ["a refused request", new FinancingBadRequestError({ ...apiError, status: 400 }), "refused", REFUSED],
  ["refused credentials", new FinancingAuthenticationError({ ...apiError, status: 401 }), "refused", REFUSED],
  [
    "a request the client refused to send",
    new FinancingValidationError("application", [{ path: "mobilePhone", message: "is invalid" }]),
    "unusable",
    UNUSABLE,
  ],
  [
    "an answer the client cannot read",
    new FinancingResponseError(CREATE, 200, [{ path: "publicId", message: "is required" }]),
    "unusable",
    UNUSABLE,
  ],
]

describe("serviceFailureKindOf", () => {
  it.each(CASES)("tells %s apart", (_case, error, kind) => {
    expect(serviceFailureKindOf(error)).toBe(kind)
  })

  it("names each kind by a code, and finds the kind again by its code alone", () => {
    for (const kind of Object.keys(SERVICE_FAILURE_CODES) as ServiceFailureKind[])
      expect(serviceFailureKindOfCode(SERVICE_FAILURE_CODES[kind])).toBe(kind)
    expect(serviceFailureKindOfCode("invalid_data")).toBeUndefined()
    expect(serviceFailureKindOfCode(undefined)).toBeUndefined()
  })
})

describe("shopperMessageFor", () => {
  it.each(CASES)(
    "tells the shopper about %s in the store's words, not the service's",
    (_case, error, _kind, expected) => {
      const message = shopperMessageFor(error)

      expect(message).toBe(expected)
      expect(message).not.toMatch(/https?:|127\.0\.0\.1|\/v2\/|mobilePhone|ECONN|\d{3}/)
    }
  )
})

describe("shopperMessageFor in Spanish", () => {
  it.each(CASES)("tells a Spanish-speaking shopper about %s in Spanish", (_case, error, _kind, expected) => {
    const message = shopperMessageFor(error, "es")

    expect(message).not.toBe(expected)
    expect(message).toMatch(/servicio de financiamiento|solicitud de financiamiento/)
    expect(message).not.toMatch(/https?:|127\.0\.0\.1|\/v2\/|mobilePhone|ECONN|\d{3}/)
  })
})

describe("merchantMessageFor", () => {
  it.each(CASES)("tells the merchant about %s without sending anyone elsewhere to pay", (_case, error) => {
    const message = merchantMessageFor(error)

    expect(message).not.toMatch(/another way to pay|https?:|127\.0\.0\.1|\/v2\/|mobilePhone|ECONN|\d{3}/)
  })
})
