import { CONTRACT_EXCEPTION_TEXT } from "../../checkout/contract-exceptions"
import { actionBellText, exceptionBellText } from "../bell-text"

describe("exceptionBellText", () => {
  it("names the order by its display number and says what happened and what to do", () => {
    const text = exceptionBellText({
      reason: "completion_failed",
      order: { display_id: 42 },
      public_id: "p-1",
    })
    expect(text.title).toContain("order #42")
    expect(text.description).toBe(
      `${CONTRACT_EXCEPTION_TEXT.completion_failed.merchant} ${CONTRACT_EXCEPTION_TEXT.completion_failed.todo}`
    )
  })

  it("names the application when there is no order", () => {
    const text = exceptionBellText({ reason: "session_deleted", order: null, public_id: "p-1" })
    expect(text.title).toContain("financing application p-1, which has no order")
    expect(text.description).toContain("payment session no longer exists")
  })

  it("spells out a reason this version does not know, with a next step", () => {
    const text = exceptionBellText({ reason: "new_reason", order: null, public_id: null })
    expect(text.title).toContain("a financing application with no order")
    expect(text.description).toContain("new reason")
    expect(text.description).toMatch(/void the contract or mark it resolved/)
  })
})

describe("actionBellText", () => {
  it("says what was not taken, why, for which order, and what to do", () => {
    const text = actionBellText({
      kind: "invoice",
      reason: "the service refused it: 400 invalid invoice.",
      order: { display_id: 7 },
      public_id: "p-1",
    })
    expect(text.title).toBe("Financing: the lender did not take the invoice (order #7)")
    expect(text.description).toBe(
      "Sending the invoice to the financing service needs you: the service refused it: 400 invalid invoice. " +
        "Fix the cause, then retry it from the order's Retail financing card."
    )
  })

  it("spells out a kind this version does not know", () => {
    expect(actionBellText({ kind: "new_kind", reason: "", order: null, public_id: "p" }).title).toContain(
      "the new kind"
    )
  })
})
