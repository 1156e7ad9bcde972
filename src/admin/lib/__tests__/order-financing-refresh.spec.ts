import type { OrderFinancingResponse, PostSaleAction } from "../../../domain/admin-api/types"
import {
  FOLLOW_ORDER_CHANGE_MS,
  POLL_FOLLOW_MS,
  POLL_FAST_MS,
  POLL_SLOW_MS,
  type OrderActivity,
  orderActivitySignature,
  refetchIntervalFor,
} from "../order-financing-refresh"

type Financing = NonNullable<OrderFinancingResponse["financing"]>

const NOW = Date.parse("2026-03-04T12:00:00Z")

function action(state: PostSaleAction["state"], next_attempt_at: string | null = null): PostSaleAction {
  return {
    id: `act_${state}`,
    kind: "invoice",
    cause: "invoice:order_1",
    state,
    next_attempt_at,
  } as PostSaleAction
}

function financing(status: string, actions: PostSaleAction[] = []): Financing {
  return {
    application: { status } as Financing["application"],
    actions,
    attention: [],
    books: {} as Financing["books"],
    returnable_amount: 0,
  }
}

describe("refetchIntervalFor", () => {
  it("does not poll when nothing is pending: every action settled, the lender has nothing to answer", () => {
    expect(refetchIntervalFor(financing("Funded", [action("succeeded"), action("failed")]), NOW, 0)).toBe(
      false
    )
    expect(refetchIntervalFor(financing("SignedWaitingForInvoice"), NOW, 0)).toBe(false)
    expect(refetchIntervalFor(financing("Funded"), NOW, 0)).toBe(false)
  })

  it.each(["sending", "checking"] as const)("polls every few seconds while an action is %s", (state) => {
    expect(refetchIntervalFor(financing("Funded", [action("succeeded"), action(state)]), NOW, 0)).toBe(
      POLL_FAST_MS
    )
  })

  it("polls every few seconds for a queued action about to be sent, less often for a retry due later", () => {
    const soon = new Date(NOW + 5_000).toISOString()
    const later = new Date(NOW + 10 * 60_000).toISOString()
    expect(refetchIntervalFor(financing("Signed", [action("pending", soon)]), NOW, 0)).toBe(POLL_FAST_MS)
    expect(refetchIntervalFor(financing("Signed", [action("pending", later)]), NOW, 0)).toBe(POLL_SLOW_MS)
    expect(refetchIntervalFor(financing("Signed", [action("unknown", later)]), NOW, 0)).toBe(POLL_SLOW_MS)
    expect(refetchIntervalFor(financing("PendingReturn", [action("waiting")]), NOW, 0)).toBe(POLL_SLOW_MS)
  })

  it.each(["SignedWaitingForInvoiceApproval", "PendingReturn", "PendingApproval"])(
    "polls while the lender has something to answer (%s)",
    (status) => {
      expect(refetchIntervalFor(financing(status), NOW, 0)).toBe(POLL_SLOW_MS)
    }
  )

  it("polls every few seconds for a while after a change to the order, then stops when nothing is pending", () => {
    const followUntil = NOW + FOLLOW_ORDER_CHANGE_MS
    expect(refetchIntervalFor(financing("Signed"), NOW, followUntil)).toBe(POLL_FAST_MS)
    expect(refetchIntervalFor(financing("Funded"), followUntil, followUntil)).toBe(false)
  })

  it("never polls an order that is not paid with financing, even after it changed", () => {
    expect(refetchIntervalFor(null, NOW, NOW + FOLLOW_ORDER_CHANGE_MS)).toBe(false)
    expect(refetchIntervalFor(undefined, NOW, NOW + FOLLOW_ORDER_CHANGE_MS)).toBe(false)
  })
})

describe("orderActivitySignature", () => {
  const placed: OrderActivity = {
    status: "pending",
    items: [{ id: "item_1", quantity: 1, detail: { fulfilled_quantity: 0, shipped_quantity: 0 } }],
    fulfillments: [],
    payment_collections: [
      { id: "paycol_1", status: "authorized", payments: [{ id: "pay_1", captured_at: null, refunds: [] }] },
    ],
  }
  const signature = orderActivitySignature(placed)

  it.each<[string, OrderActivity]>([
    [
      "a fulfillment is created",
      { ...placed, fulfillments: [{ id: "ful_1", shipped_at: null, delivered_at: null }] },
    ],
    [
      "a fulfillment is shipped",
      { ...placed, fulfillments: [{ id: "ful_1", shipped_at: "2026-03-04T12:00:00Z" }] },
    ],
    [
      "items are fulfilled",
      { ...placed, items: [{ id: "item_1", quantity: 1, detail: { fulfilled_quantity: 1 } }] },
    ],
    [
      "a return is received",
      { ...placed, items: [{ id: "item_1", quantity: 1, detail: { return_received_quantity: 1 } }] },
    ],
    [
      "a refund is made",
      {
        ...placed,
        payment_collections: [
          {
            id: "paycol_1",
            status: "partially_refunded",
            payments: [{ id: "pay_1", captured_at: "2026-03-04T12:00:00Z", refunds: [{ id: "ref_1" }] }],
          },
        ],
      },
    ],
    ["the order is canceled", { ...placed, status: "canceled", canceled_at: "2026-03-04T12:00:00Z" }],
    ["the order is updated", { ...placed, updated_at: "2026-03-04T12:00:00Z" }],
  ])("changes when %s", (_, changed) => {
    expect(orderActivitySignature(changed)).not.toBe(signature)
  })

  it("stays the same for the same order, so the widget does not refetch on every render", () => {
    expect(orderActivitySignature(JSON.parse(JSON.stringify(placed)) as OrderActivity)).toBe(signature)
    expect(orderActivitySignature({ ...placed, email: "someone@example.com" } as OrderActivity)).toBe(
      signature
    )
  })
})

describe("refetchIntervalFor a contract awaiting funding", () => {
  it("reads again while the lender may fund it, since the route follows the lender", () => {
    const signed = {
      application: { status: "Signed" },
      actions: [],
      attention: [],
      books: {},
      returnable_amount: 0,
    } as unknown as Parameters<typeof refetchIntervalFor>[0]
    expect(refetchIntervalFor(signed, Date.now(), 0)).toBe(POLL_FOLLOW_MS)
  })
})
