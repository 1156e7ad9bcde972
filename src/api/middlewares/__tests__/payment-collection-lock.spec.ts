import { CLIENT_OPTION_RANGES } from "../../../lib/financing/options"
import { DEFAULT_RETRY_POLICY } from "../../../lib/financing/retry-policy"
import { sessionStartLockSeconds } from "../payment-collection-lock"

describe("sessionStartLockSeconds", () => {
  it("is three minutes with the default client options", () => {
    expect(
      sessionStartLockSeconds({
        timeoutMs: CLIENT_OPTION_RANGES.timeoutMs.default,
        maxRetries: CLIENT_OPTION_RANGES.maxRetries.default,
      })
    ).toBe(180)
  })

  it.each([
    [1_000, 0],
    [15_000, 2],
    [120_000, 5],
  ])(
    "outlasts the slowest creation, a minute to spare (timeoutMs %i, maxRetries %i)",
    (timeoutMs, maxRetries) => {
      // A token request tried 1 + maxRetries times, each retry after at most the longest Retry-After
      // honoured, then one creation attempt.
      const slowestCallsMs =
        (maxRetries + 1) * timeoutMs + maxRetries * DEFAULT_RETRY_POLICY.maxRetryAfterMs + timeoutMs

      expect(sessionStartLockSeconds({ timeoutMs, maxRetries }) * 1000).toBeGreaterThanOrEqual(
        slowestCallsMs + 60_000
      )
    }
  )
})
