import { describeFailure, isPassingFailure, nextAttemptDelayMs } from "../action-retry"
import {
  FinancingBadRequestError,
  FinancingConflictError,
  FinancingConnectionError,
  FinancingServerError,
  FinancingValidationError,
} from "../../../lib/financing/errors"

const apiError = <T>(Kind: new (details: never) => T, status: number) =>
  new Kind({ endpoint: "requestReturn", status, messages: ["refused"] } as never)

describe("nextAttemptDelayMs", () => {
  it("starts at 30 s and doubles, within ±20% jitter", () => {
    expect(nextAttemptDelayMs(1, () => 0.5)).toBe(30_000)
    expect(nextAttemptDelayMs(2, () => 0.5)).toBe(60_000)
    expect(nextAttemptDelayMs(3, () => 0)).toBe(96_000)
    expect(nextAttemptDelayMs(3, () => 1)).toBe(144_000)
  })

  it("never waits more than an hour (plus jitter)", () => {
    expect(nextAttemptDelayMs(30, () => 0.5)).toBe(3_600_000)
  })
})

describe("isPassingFailure", () => {
  it("retries when the service is down, failing or unreachable", () => {
    expect(isPassingFailure(apiError(FinancingServerError, 503))).toBe(true)
    expect(isPassingFailure(new FinancingConnectionError("requestReturn", "ECONNREFUSED"))).toBe(true)
  })

  it("leaves a refusal of what was sent to a person", () => {
    expect(isPassingFailure(apiError(FinancingBadRequestError, 400))).toBe(false)
    expect(isPassingFailure(apiError(FinancingConflictError, 409))).toBe(false)
    expect(
      isPassingFailure(new FinancingValidationError("return request", [{ path: "amount", message: "bad" }]))
    ).toBe(false)
  })

  it("names the status and the service's messages", () => {
    expect(describeFailure(apiError(FinancingConflictError, 409))).toBe("the service answered 409: refused")
  })
})
