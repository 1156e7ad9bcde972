/**
 * When the order widget reads the order's financing again by itself: pure rules, so they are unit-tested
 * without a browser. The hook in hooks/order-financing.ts applies them.
 *
 * Two things change the financing while the page is open, neither through the widget's own buttons:
 *   - the plugin's sender and the lender's callbacks, while something is in flight (an action queued, being
 *     sent or checked; the lender reviewing the invoice or settling a return);
 *   - Medusa's own order actions in the dashboard (a fulfillment, a shipment, a return, a refund), whose
 *     subscribers record actions a moment after the dashboard has the order back.
 */
import type { OrderFinancingResponse } from "../../domain/admin-api/types"
import type { ActionState } from "../../domain/post-sale/action-kinds"
import { lenderAnswersSoon } from "./status-words"

type OrderFinancing = NonNullable<OrderFinancingResponse["financing"]>

/** While something is being sent or checked right now. */
export const POLL_FAST_MS = 3_000
/** While the lender has something to answer (an invoice to review, a return to settle) or a retry is due later. */
export const POLL_SLOW_MS = 10_000
/**
 * After Medusa's own order action: its subscribers run after the dashboard has refetched the order, so the
 * widget keeps looking for this long for the action they record (then that action's state takes over).
 */
export const FOLLOW_ORDER_CHANGE_MS = 15_000

/**
 * How soon each state of an action may change by itself: `now` while it is being sent or checked, `later`
 * while it waits for a retry, its turn or a check, `settled` when only a person moves it. A Record over the
 * states, so a new state fails the typecheck here until it is decided.
 */
const STATE_CHANGES: Record<ActionState, "now" | "later" | "settled"> = {
  sending: "now",
  checking: "now",
  pending: "later",
  unknown: "later",
  waiting: "later",
  succeeded: "settled",
  failed: "settled",
}

/** A pending action due within this is about to be sent by the plugin's subscriber or job. */
const DUE_SOON_MS = 30_000

/**
 * The widget's refetch interval: a few seconds while something is in flight, longer while the lender has
 * something to answer, and false (no polling) when nothing is pending. `followUntil` is the end of the
 * window opened by a change to the order (0 when none). An order not paid with financing is never polled.
 */
export function refetchIntervalFor(
  financing: OrderFinancing | null | undefined,
  now: number,
  followUntil: number
): number | false {
  if (!financing) return false
  if (now < followUntil) return POLL_FAST_MS
  const { actions, application } = financing
  if (actions.some((action) => STATE_CHANGES[action.state] === "now")) return POLL_FAST_MS
  const later = actions.filter((action) => STATE_CHANGES[action.state] === "later")
  if (later.some((action) => action.state === "pending" && dueWithin(action.next_attempt_at, now))) {
    return POLL_FAST_MS
  }
  if (later.length > 0 || lenderAnswersSoon(application.status)) return POLL_SLOW_MS
  // A contract awaiting funding: the widget's route reads the lender (at most once a minute per application,
  // server-side), so the widget shows the funding without a reload.
  if (followsLender(application.status)) return POLL_FOLLOW_MS
  return false
}

/** While a contract awaits funding or a return's settlement: the route reads the lender at most once a minute. */
export const POLL_FOLLOW_MS = 20_000

/**
 * Statuses whose change the lender makes by itself (funding, a return's settlement): the route's
 * read-on-view follows them. SignedWaitingForInvoice waits for the store's invoice, not the lender.
 */
const FOLLOWED_STATUSES = new Set(["SignedWaitingForInvoiceApproval", "Signed", "PendingReturn"])
export const followsLender = (status: string): boolean => FOLLOWED_STATUSES.has(status)

function dueWithin(nextAttemptAt: string | null, now: number): boolean {
  if (!nextAttemptAt) return true
  const due = Date.parse(nextAttemptAt)
  return Number.isNaN(due) || due - now <= DUE_SOON_MS
}

type Dated = string | Date | null | undefined

/** The parts of Medusa's order (the widget's `data` prop, as the dashboard's order page loads it) that matter. */
export type OrderActivity = {
  status?: string | null
  canceled_at?: Dated
  updated_at?: Dated
  fulfillments?:
    { id: string; shipped_at?: Dated; delivered_at?: Dated; canceled_at?: Dated; packed_at?: Dated }[] | null
  items?:
    | {
        id: string
        quantity?: unknown
        detail?: Record<string, unknown> | null
      }[]
    | null
  returns?: { id: string; status?: string | null }[] | null
  payment_collections?:
    | {
        id: string
        status?: string | null
        amount?: unknown
        captured_amount?: unknown
        refunded_amount?: unknown
        payments?:
          { id: string; captured_at?: Dated; canceled_at?: Dated; refunds?: { id: string }[] | null }[] | null
      }[]
    | null
  summary?: Record<string, unknown> | null
  order_change?: { id?: string; status?: string | null } | null
}

/** The item quantities Medusa moves when it fulfils, ships, delivers and takes items back. */
const ITEM_PROGRESS = [
  "fulfilled_quantity",
  "shipped_quantity",
  "delivered_quantity",
  "return_requested_quantity",
  "return_received_quantity",
  "return_dismissed_quantity",
  "written_off_quantity",
] as const

const SUMMARY_TOTALS = ["paid_total", "refunded_total", "pending_difference", "current_order_total"] as const

const at = (value: Dated) => (value === null || value === undefined ? null : String(value))

/**
 * A fingerprint of what Medusa's own order actions change: fulfillments and their shipping and delivery,
 * returns, item progress, payments, captures and refunds, the order's status and pending change. The
 * dashboard refetches the order after each of its actions; when this changes, the financing may have too.
 */
export function orderActivitySignature(order: OrderActivity): string {
  return JSON.stringify([
    order.status ?? null,
    at(order.canceled_at),
    at(order.updated_at),
    (order.fulfillments ?? []).map((f) => [
      f.id,
      at(f.packed_at),
      at(f.shipped_at),
      at(f.delivered_at),
      at(f.canceled_at),
    ]),
    (order.items ?? []).map((item) => [
      item.id,
      String(item.quantity ?? ""),
      ...ITEM_PROGRESS.map((key) => String(item.detail?.[key] ?? "")),
    ]),
    (order.returns ?? []).map((r) => [r.id, r.status ?? null]),
    (order.payment_collections ?? []).map((collection) => [
      collection.id,
      collection.status ?? null,
      String(collection.amount ?? ""),
      String(collection.captured_amount ?? ""),
      String(collection.refunded_amount ?? ""),
      (collection.payments ?? []).map((payment) => [
        payment.id,
        at(payment.captured_at),
        at(payment.canceled_at),
        (payment.refunds ?? []).map((refund) => refund.id),
      ]),
    ]),
    SUMMARY_TOTALS.map((key) => String(order.summary?.[key] ?? "")),
    order.order_change ? [order.order_change.id ?? null, order.order_change.status ?? null] : null,
  ])
}
