import { ACTION_STATES } from "../action-kinds"
import {
  ACTION_STATES_NEEDING_ATTENTION,
  type AttentionApplication,
  attentionOf,
  hasOpenException,
  isCompletionFailing,
} from "../needs-attention"

const calm: AttentionApplication = {
  order_id: "order_1",
  completion_attempts: 0,
  exception_reason: null,
  exception_resolution: null,
}

describe("attentionOf", () => {
  it("needs nothing of an application whose actions all went through", () => {
    const actions = ["succeeded", "pending", "sending", "waiting"].map((state, index) => ({
      id: `rfact_${index}`,
      kind: "invoice",
      state,
    }))
    expect(attentionOf(calm, actions)).toEqual([])
  })

  it("names a failed action and an unknown outcome, with the action to retry or wait for", () => {
    const reasons = attentionOf(calm, [
      { id: "rfact_1", kind: "invoice", state: "failed" },
      { id: "rfact_2", kind: "delivery", state: "unknown" },
      { id: "rfact_3", kind: "order_references", state: "checking" },
    ])
    expect(reasons).toEqual([
      {
        kind: "action_failed",
        text: "Sending the invoice failed; fix the cause and retry it.",
        action_id: "rfact_1",
      },
      {
        kind: "outcome_unknown",
        text: "It is not known yet whether the financing service received the delivery information; the plugin is checking.",
        action_id: "rfact_2",
      },
      expect.objectContaining({ kind: "outcome_unknown", action_id: "rfact_3" }),
    ])
  })

  it("counts every state the filter counts, and no other", () => {
    const needing = ACTION_STATES.filter(
      (state) => attentionOf(calm, [{ id: "a", kind: "return", state }]).length > 0
    )
    expect(needing.sort()).toEqual([...ACTION_STATES_NEEDING_ATTENTION].sort())
  })

  it("names an open contract exception in its own words, until it is voided or resolved", () => {
    const open = {
      ...calm,
      order_id: null,
      exception_reason: "cart_changed",
      exception_description: "The cart changed.",
      exception_what_to_do: "Void it.",
    }
    expect(attentionOf(open, [])).toEqual([
      { kind: "contract_exception", text: "The cart changed. Void it.", action_id: null },
    ])
    expect(hasOpenException(open)).toBe(true)
    for (const resolution of ["voided", "resolved"]) {
      expect(attentionOf({ ...open, exception_resolution: resolution }, [])).toEqual([])
    }
  })

  it("names a failing completion while no order and no exception exist", () => {
    const failing = { ...calm, order_id: null, completion_attempts: 2 }
    expect(attentionOf(failing, [])).toEqual([
      {
        kind: "completion_failing",
        text: "The customer signed, but the order could not be created yet (2 tries); the plugin keeps trying.",
        action_id: null,
      },
    ])
    // Completed at last, or turned into an exception that says what happened instead.
    expect(isCompletionFailing({ ...failing, order_id: "order_1" })).toBe(false)
    expect(isCompletionFailing({ ...failing, exception_reason: "completion_failed" })).toBe(false)
  })
})
