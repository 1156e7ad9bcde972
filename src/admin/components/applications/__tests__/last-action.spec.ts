import { ACTION_STATES } from "../../../../domain/post-sale/action-kinds"
import { lastActionWords } from "../last-action"

describe("lastActionWords", () => {
  it("says what became of the action in words", () => {
    expect(lastActionWords({ kind: "invoice", state: "succeeded" })).toBe("Invoice sent")
    expect(lastActionWords({ kind: "delivery", state: "failed" })).toBe("Delivery information failed")
    expect(lastActionWords({ kind: "return", state: "unknown" })).toBe("Return request not confirmed")
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
      waiting: "Invoice waiting its turn",
      unknown: "Invoice not confirmed",
      checking: "Invoice being checked",
    })
  })

  it("says so when nothing was sent yet", () => {
    expect(lastActionWords(null)).toBe("No action yet")
  })
})
