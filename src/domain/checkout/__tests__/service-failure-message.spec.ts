import {
  FinancingAuthenticationError,
  FinancingBadRequestError,
  FinancingConnectionError,
  type FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingResponseError,
  FinancingServerError,
  FinancingTimeoutError,
  FinancingValidationError,
} from "../../../lib/financing/errors"
import { shopperMessageFor } from "../service-failure-message"

const CREATE = "POST /v2/applications"
const apiError = { endpoint: CREATE, messages: ["mobilePhone is invalid"] }

describe("shopperMessageFor", () => {
  it.each<[string, FinancingError, string]>([
    [
      "a creation whose outcome is unknown (timed out)",
      new FinancingOutcomeUnknownError(CREATE, new FinancingTimeoutError(CREATE, 2000)),
      "The financing service did not answer in time. Please try again.",
    ],
    [
      "an unknown application",
      new FinancingNotFoundError({ ...apiError, status: 404 }),
      "The financing service does not know this application.",
    ],
    [
      "a refused connection",
      new FinancingConnectionError(CREATE, "connect ECONNREFUSED 127.0.0.1:4010", "ECONNREFUSED"),
      "The financing service could not be reached. Please try again or choose another way to pay.",
    ],
    [
      "a timed-out read",
      new FinancingTimeoutError("GET /v2/applications/{publicId}/status", 2000),
      "The financing service could not be reached. Please try again or choose another way to pay.",
    ],
    [
      "a failing service",
      new FinancingServerError({ ...apiError, status: 503 }),
      "The financing service could not be reached. Please try again or choose another way to pay.",
    ],
    [
      "a refused request",
      new FinancingBadRequestError({ ...apiError, status: 400 }),
      "The financing service refused this request. Please choose another way to pay.",
    ],
    [
      "refused credentials",
      new FinancingAuthenticationError({ ...apiError, status: 401 }),
      "The financing service refused this request. Please choose another way to pay.",
    ],
    [
      "a request the client refused to send",
      new FinancingValidationError("application", [{ path: "mobilePhone", message: "is invalid" }]),
      "The financing request could not be made. Please choose another way to pay.",
    ],
    [
      "an answer the client cannot read",
      new FinancingResponseError(CREATE, 200, [{ path: "publicId", message: "is required" }]),
      "The financing request could not be made. Please choose another way to pay.",
    ],
  ])("tells the shopper about %s in the store's words, not the service's", (_case, error, expected) => {
    const message = shopperMessageFor(error)

    expect(message).toBe(expected)
    expect(message).not.toMatch(/https?:|127\.0\.0\.1|\/v2\/|mobilePhone|ECONN|\d{3}/)
  })
})
