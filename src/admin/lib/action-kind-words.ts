/**
 * The admin's words for each kind of post-sale action and each kind of cause, in one place: a kind added to
 * domain/post-sale/action-kinds.ts, or a cause added to domain/post-sale/action-cause.ts, fails the
 * admin's typecheck here (both are `Record`s) until it is named and worded, so none gets default words.
 */
import type { ActionCause, PostSaleAction, ReturnReason } from "../../domain/admin-api/types"
import type { ActionKind } from "../../domain/post-sale/action-kinds"
import { formatMoney } from "./format"

/** A fulfillment of the order, as the dashboard numbers them ("Fulfillment #1" is the first). */
export type FulfillmentRef = { id: string }

export type ActionContext = {
  /** The order's fulfillments in the dashboard's order, to name the one a delivery was for. */
  fulfillments: readonly FulfillmentRef[]
  /** The lender's return reasons, to name the one a return chose (absent while not loaded). */
  returnReasons?: readonly ReturnReason[]
  /** The order's number as the dashboard shows it (#12). */
  orderDisplayId?: number | string | null
}

function fulfillmentName(id: string | null, fulfillments: readonly FulfillmentRef[]): string {
  const index = id ? fulfillments.findIndex((fulfillment) => fulfillment.id === id) : -1
  return index >= 0 ? `Fulfillment #${index + 1}` : "a fulfillment"
}

const RETURN_TYPE_WORDS = { return: "Return", partial: "Partial return", redraft: "Redraft" } as const

function returnWhat(action: PostSaleAction): string | null {
  const request = action.return_request
  if (!request) return null
  const words = RETURN_TYPE_WORDS[request.return_type] ?? "Return"
  if (request.return_type === "redraft") return `${words}: the contract is redrawn, no money goes back`
  return request.amount === null ? words : `${words} of ${formatMoney(request.amount)}`
}

type KindWords = {
  /** What the kind is, as a merchant names it. */
  label: string
  /** What an action of the kind held, in words, or null when the label says it all. */
  what: (action: PostSaleAction, context: ActionContext) => string | null
}

export const ACTION_KIND_WORDS: Record<ActionKind, KindWords> = {
  order_references: {
    label: "Order number",
    what: (_, context) =>
      context.orderDisplayId !== undefined && context.orderDisplayId !== null
        ? `Order #${context.orderDisplayId}`
        : "This order's number",
  },
  invoice: {
    label: "Invoice",
    what: (action) =>
      // The summary of an uploaded invoice is the merchant's own file name and what it does to the generated one.
      action.caused_by.kind === "invoice_uploaded"
        ? action.summary.replace(/ by the merchant/, " by you")
        : action.caused_by.order_id
          ? "Invoice PDF of the order"
          : null,
  },
  delivery: {
    label: "Delivery information",
    what: (action, context) =>
      `Address and tracking of ${fulfillmentName(action.caused_by.fulfillment_id, context.fulfillments)}`,
  },
  return: { label: "Return request", what: returnWhat },
}

/** Why an action was sent, by its cause: the order event or the merchant's click. */
export const CAUSE_WHY: Record<ActionCause["kind"], (cause: ActionCause, context: ActionContext) => string> =
  {
    order_placed: () => "Sent when the order was placed, so the lender can match its contract to this order.",
    invoice_generated: () =>
      "Made by the plugin from the order, and sent when the order was fulfilled (or placed, if the store sends invoices then).",
    invoice_uploaded: () => "You uploaded this invoice on this page.",
    fulfillment_handed_over: (cause, context) =>
      `Sent when ${fulfillmentName(cause.fulfillment_id, context.fulfillments)} was shipped or delivered.`,
    delivery_requested: (cause, context) =>
      `You asked for it on this page (for ${fulfillmentName(cause.fulfillment_id, context.fulfillments)}).`,
    return_requested: () => "You asked for it on this page.",
    return_received: () => "Items of the order were received back in Medusa.",
    refund: () => "A refund was made on the order in Medusa.",
    order_canceled: () => "The order was canceled in Medusa.",
    order_edited: () => "The order was edited in Medusa after the contract was signed.",
    contract_voided: () => "The contract was voided: it was signed but no order could be made from it.",
    other: () => "Sent by the plugin after a change to the order.",
  }
