import { ACTION_STATES } from "../../../../domain/post-sale/action-kinds"
import { lastActionWords } from "../last-action"

describe("lastActionWords", () => {
  it("says what became of the action in words", () => {
    expect(lastActionWords({ kind: "invoice", state: "succeeded" })).toBe("Invoice sent")
    expect(lastActionWords({ kind: "delivery", state: "failed" })).toBe("Delivery information failed")
    expect(lastActionWords({ kind: "return", state: "unknown" })).toBe("Return request outcome unknown")
  })

  it("has words for every state the ledger knows", () => {
    const words = Object.fromEntries(
      ACTION_STATES.map((state) => [state, lastActionWords({ kind: "invoice", state })])
    )
    expect(words).toEqual({
      pending: "Invoice queued",
      sending: "Invoice being sent",
      succeeded: "Invoice sent",
      failed: "Invoice failed",
      waiting: "Invoice waiting for an earlier return to settle",
      unknown: "Invoice outcome unknown",
      checking: "Invoice being checked at the service",
    })
  })

  it("says so when nothing was sent yet", () => {
    expect(lastActionWords(null)).toBe("No action yet")
  })
})
