import { COMPLETION_RETRY_DELAYS_MS, completionDue, nextCompletionAt } from "../completion-retry"

const NOW = new Date("2026-11-24T12:00:00.000Z")
const at = (ms: number) => new Date(NOW.getTime() + ms)

describe("nextCompletionAt", () => {
  it("waits longer after each failure: 1 min, 10 min, 1 h, 6 h, 24 h", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => nextCompletionAt(attempts, NOW))).toEqual([
      at(60_000),
      at(600_000),
      at(3_600_000),
      at(6 * 3_600_000),
      at(24 * 3_600_000),
    ])
  })

  it("gives no further try after the last delay", () => {
    expect(nextCompletionAt(COMPLETION_RETRY_DELAYS_MS.length + 1, NOW)).toBeNull()
    expect(nextCompletionAt(50, NOW)).toBeNull()
  })
})

describe("completionDue", () => {
  it("lets the first completion run at once", () => {
    expect(completionDue({ completion_attempts: 0, next_completion_at: null }, NOW)).toBe(true)
  })

  it("holds a failed completion until its next try is due", () => {
    const ledger = { completion_attempts: 1, next_completion_at: at(60_000) }
    expect(completionDue(ledger, NOW)).toBe(false)
    expect(completionDue(ledger, at(59_999))).toBe(false)
    expect(completionDue(ledger, at(60_000))).toBe(true)
  })

  it("reads the next try as the ledger stores it (an ISO text from the database)", () => {
    expect(completionDue({ completion_attempts: 2, next_completion_at: at(-1).toISOString() }, NOW)).toBe(
      true
    )
    expect(completionDue({ completion_attempts: 2, next_completion_at: at(1).toISOString() }, NOW)).toBe(
      false
    )
  })

  it("never tries again after the last failure", () => {
    expect(completionDue({ completion_attempts: 6, next_completion_at: null }, NOW)).toBe(false)
    expect(
      completionDue({ completion_attempts: 6, next_completion_at: null }, at(365 * 24 * 3_600_000))
    ).toBe(false)
  })
})
