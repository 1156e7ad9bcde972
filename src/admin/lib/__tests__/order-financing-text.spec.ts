import { causeOfKey } from "../../../domain/post-sale/action-cause"
import type { OrderFinancingResponse, PostSaleAction } from "../../../domain/admin-api/types"
import {
  AMOUNT_HINTS,
  RETURN_TYPE_HINTS,
  attentionOf,
  canSendDelivery,
  describeAction,
  wasReplaced,
} from "../order-financing-text"

type Financing = NonNullable<OrderFinancingResponse["financing"]>

const ORDER_ID = "order_01KAAAAAAAAAAAAAAAAAAAAAAA"
const FULFILLMENTS = [{ id: "ful_01FIRST" }, { id: "ful_01SECOND" }]

/** An action as the server sends it: its cause's fields are read from the key by the server's view. */
function action(overrides: Partial<PostSaleAction>): PostSaleAction {
  const cause = overrides.cause ?? `invoice:${ORDER_ID}`
  return {
    caused_by: causeOfKey(cause),
    id: "rfact_01",
    kind: "invoice",
    cause: `invoice:${ORDER_ID}`,
    summary: "",
    state: "succeeded",
    outcome_unknown: false,
    attempts: 1,
    attempt_log: [],
    last_error: null,
    result: null,
    return_request: null,
    next_attempt_at: null,
    completed_at: null,
    created_at: null,
    updated_at: null,
    ...overrides,
  }
}

/** An internal key or id: a cause key, a Medusa id, the ledger's own words for causes. */
const INTERNAL = /\b(order|ful|rfact|ret|ref|pay)_[0-9A-Z]|merchant_return|order_references|\w+:\w+_/

const context = { fulfillments: FULFILLMENTS, orderDisplayId: 12 }

describe("describeAction", () => {
  it.each<[string, Partial<PostSaleAction>]>([
    [
      "order references",
      { kind: "order_references", cause: `order_references:${ORDER_ID}`, summary: `Order #12 (${ORDER_ID})` },
    ],
    [
      "the generated invoice",
      { kind: "invoice", cause: `invoice:${ORDER_ID}`, summary: "Invoice PDF for order #12" },
    ],
    ["a shipment's delivery information", { kind: "delivery", cause: "delivery:ful_01SECOND" }],
    [
      "a delivery sent again on request",
      { kind: "delivery", cause: "delivery:ful_01FIRST:merchant:1795459587461" },
    ],
    [
      "a merchant's partial return",
      {
        kind: "return",
        cause: `merchant_return:${ORDER_ID}:1795459587461`,
        summary: "Partial of $50.00 (merchant_return)",
        return_request: { return_type: "partial", amount: 50, return_reason_id: "price", reason: null },
      },
    ],
    [
      "a refund's return",
      {
        kind: "return",
        cause: "refund:ref_01ABC",
        return_request: {
          return_type: "return",
          amount: 120,
          return_reason_id: null,
          reason: "Refund in the store's order #12",
        },
      },
    ],
  ])("describes %s without an internal key or id", (_, overrides) => {
    const description = describeAction(action(overrides), context)
    for (const text of [description.title, description.what, description.why, description.reason]) {
      if (text) expect(text).not.toMatch(INTERNAL)
    }
  })

  it("names the fulfillment a delivery was for as the dashboard numbers it, and whether the merchant asked", () => {
    expect(describeAction(action({ kind: "delivery", cause: "delivery:ful_01SECOND" }), context)).toEqual(
      expect.objectContaining({
        title: "Delivery information",
        what: "Address and tracking of Fulfillment #2",
        why: "Sent when Fulfillment #2 was shipped or delivered.",
      })
    )
    expect(
      describeAction(
        action({ kind: "delivery", cause: "delivery:ful_01FIRST:merchant:1795459587461" }),
        context
      ).why
    ).toBe("You asked for it on this page (for Fulfillment #1).")
  })

  it("shows a return's type, amount and reason: the lender's reason by its description, with the note sent", () => {
    const returned = action({
      kind: "return",
      cause: `merchant_return:${ORDER_ID}:1795459587461`,
      return_request: {
        return_type: "partial",
        amount: 50,
        return_reason_id: "price",
        reason: "Scratched leg",
      },
    })
    const reasons = [{ public_id: "price", description: "Price adjustment" }]

    expect(describeAction(returned, { ...context, returnReasons: reasons })).toEqual({
      title: "Return request",
      what: "Partial return of $50.00",
      why: "You asked for it on this page.",
      reason: "Price adjustment (Scratched leg)",
    })
    // Before the reasons are loaded, the note alone.
    expect(describeAction(returned, context).reason).toBe("Scratched leg")
  })

  it("says a Redraft moves no money", () => {
    const redraft = action({
      kind: "return",
      cause: `redraft:${ORDER_ID}:v2`,
      return_request: {
        return_type: "redraft",
        amount: null,
        return_reason_id: null,
        reason: "Order edited",
      },
    })
    expect(describeAction(redraft, context)).toEqual(
      expect.objectContaining({
        what: "Redraft: the contract is redrawn, no money goes back",
        why: "The order was edited in Medusa after the contract was signed.",
        reason: "Order edited",
      })
    )
  })

  it("names the order by its number, not its id, for order references", () => {
    expect(
      describeAction(action({ kind: "order_references", cause: `order_references:${ORDER_ID}` }), context)
        .what
    ).toBe("Order #12")
  })
})

describe("wasReplaced", () => {
  it("tells a generated invoice the merchant's upload replaced from one that was sent", () => {
    expect(
      wasReplaced({ state: "succeeded", result: "Not sent: the merchant's invoice a.pdf replaces it" })
    ).toBe(true)
    expect(wasReplaced({ state: "succeeded", result: "invoice-1.pdf: Invoice uploaded" })).toBe(false)
  })
})

describe("canSendDelivery", () => {
  it("needs a fulfillment that is not canceled", () => {
    expect(canSendDelivery({ fulfillments: [] })).toBe(false)
    expect(canSendDelivery({ fulfillments: [{ id: "ful_1", canceled_at: "2026-01-01" }] })).toBe(false)
    expect(canSendDelivery({ fulfillments: [{ id: "ful_1", canceled_at: null }] })).toBe(true)
  })
})

describe("attentionOf", () => {
  function financing(
    status: string,
    actions: PostSaleAction[] = [],
    attention: Financing["attention"] = []
  ): Financing {
    return {
      application: { status, exception: null } as unknown as Financing["application"],
      actions,
      attention,
      books: { differences: [], books_agree: null } as unknown as Financing["books"],
      returnable_amount: 0,
    }
  }

  it("asks for a fulfillment when the lender waits for the invoice and there is none", () => {
    expect(attentionOf(financing("SignedWaitingForInvoice"), { fulfillments: [] })).toEqual([
      {
        tone: "info",
        text: "The lender needs the order's invoice: it is sent when you create a fulfillment, or upload your own below.",
      },
      {
        tone: "info",
        text: "Create a fulfillment and mark it shipped or delivered: the lender needs the delivery information to pay.",
      },
    ])
  })

  it("asks to mark a fulfillment shipped once the lender has the invoice, and nothing once it is sent", () => {
    const unshipped = { fulfillments: [{ id: "ful_1", shipped_at: null }] }
    expect(attentionOf(financing("Signed"), unshipped)).toEqual([
      {
        tone: "info",
        text: "Mark the fulfillment as shipped or delivered: the delivery information then goes to the lender, which needs it to pay.",
      },
    ])
    const delivered = financing("Signed", [
      action({ kind: "delivery", cause: "delivery:ful_1", state: "succeeded" }),
    ])
    expect(attentionOf(delivered, { fulfillments: [{ id: "ful_1", shipped_at: "2026-01-01" }] })).toEqual([
      { tone: "info", text: "The lender has what it needs and pays the store next." },
    ])
  })

  it("puts the server's attention reasons first, a failed send with what went wrong", () => {
    const failed = action({
      kind: "delivery",
      cause: "delivery:ful_1",
      state: "failed",
      last_error: "zip must be 5 digits",
    })
    const reasons: Financing["attention"] = [
      {
        kind: "action_failed",
        text: "Sending the delivery information failed; fix the cause and retry it.",
        action_id: failed.id,
      },
      { kind: "outcome_unknown", text: "It is not known yet whether…", action_id: "other" },
    ]
    const [first, second] = attentionOf(financing("Signed", [failed], reasons), {
      fulfillments: [{ id: "ful_1" }],
    })
    expect(first).toEqual({
      tone: "error",
      text: "Sending the delivery information failed; fix the cause and retry it. What went wrong: zip must be 5 digits.",
    })
    expect(second).toEqual({ tone: "warning", text: "It is not known yet whether…" })
  })

  it("says nothing is needed for a funded contract whose books agree", () => {
    expect(attentionOf(financing("Funded", [action({})]), { fulfillments: [{ id: "ful_1" }] })).toEqual([])
  })
})

describe("hints", () => {
  it("explains every amount and every return type in one sentence or two", () => {
    for (const hint of [...Object.values(AMOUNT_HINTS), ...Object.values(RETURN_TYPE_HINTS)]) {
      expect(hint).toMatch(/^[A-Z].*\.$/)
    }
    // A merchant of an online store must not read "in-store" as a payment at a till it never had.
    expect(AMOUNT_HINTS.inStore).toMatch(/online orders too/)
  })
})
