import {
  actionKindLabel,
  actionOutcome,
  actionStateColor,
  actionStateLabel,
  actionStateMeaning,
} from "../action-words"
import { ACTION_STATES } from "../../../domain/post-sale/action-kinds"

describe("post-sale actions", () => {
  it("names each kind in plain English", () => {
    expect(actionKindLabel("order_references")).toBe("Order number")
    expect(actionKindLabel("invoice")).toBe("Invoice")
    expect(actionKindLabel("delivery")).toBe("Delivery information")
    expect(actionKindLabel("return")).toBe("Return request")
  })

  it("spells out a kind that has no hand-written name from its code", () => {
    expect(actionKindLabel("store_credit_notice")).toBe("Store credit notice")
  })

  it.each(ACTION_STATES)("labels and explains the state %s in words", (state) => {
    expect(actionStateLabel(state)).not.toMatch(/_|^[a-z]/)
    expect(actionStateMeaning(state)).toMatch(/^[A-Z].*\.$/)
  })

  it("says Sent for a sent action and Not confirmed for a lost answer", () => {
    expect(actionStateLabel("succeeded")).toBe("Sent")
    expect(actionStateLabel("unknown")).toBe("Not confirmed")
    expect(actionStateLabel("some_new_state")).toBe("Some new state")
  })

  it("colours failures red and successes green", () => {
    expect(actionStateColor("failed")).toBe("red")
    expect(actionStateColor("succeeded")).toBe("green")
    expect(actionStateColor("waiting")).toBe("orange")
  })

  it("reports a refused action as an error with the service's words", () => {
    expect(
      actionOutcome({
        kind: "delivery",
        state: "failed",
        last_error: "The application doesn't have a contract",
      })
    ).toEqual({
      tone: "error",
      text: "Delivery information not sent: The application doesn't have a contract",
    })
  })

  it("reports sent and queued actions as successes, without the service's raw answer", () => {
    expect(actionOutcome({ kind: "invoice", state: "succeeded", last_error: null })).toEqual({
      tone: "success",
      text: "Invoice sent to the lender.",
    })
    expect(actionOutcome({ kind: "return", state: "pending", last_error: null }).tone).toBe("success")
  })

  it("reports a lost answer as a problem being checked", () => {
    expect(
      actionOutcome({ kind: "return", state: "unknown", last_error: "outcome unknown: timeout" })
    ).toEqual({
      tone: "error",
      text: "Return request: the lender's answer was lost. The plugin checks whether it arrived before sending it again.",
    })
  })
})

describe("an action in a state or of a kind this bundle does not know", () => {
  it("reads as queued, named from its code", () => {
    expect(actionOutcome({ kind: "store_credit", state: "parked", last_error: null })).toEqual({
      tone: "success",
      text: "Store credit recorded. It will be sent shortly.",
    })
  })
})
