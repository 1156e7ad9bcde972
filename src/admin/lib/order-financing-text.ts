/**
 * What the order widget says in words: what each amount means, what was sent to the lender and why, and
 * what the order's financing waits for. Pure, so it is unit-tested without a browser; the internal keys the
 * ledger works with (cause keys, ids, raw statuses) stay out of these sentences and are shown only under a
 * "Details" disclosure.
 */
import type {
  FinancingApplication,
  OrderFinancingResponse,
  PostSaleAction,
  ReturnReason,
} from "../../domain/admin-api/types"
import type { AttentionKind } from "../../domain/post-sale/needs-attention"
import type { MoneyToDoKind } from "../../domain/post-sale/order-books"
import { ACTION_KIND_WORDS, type ActionContext, CAUSE_WHY } from "./action-kind-words"
import { actionKindLabel } from "./action-words"

export type { ActionContext, FulfillmentRef } from "./action-kind-words"

type OrderFinancing = NonNullable<OrderFinancingResponse["financing"]>

/** The lender's names for the contract's amounts, each with one line on what it means to the store. */
export const AMOUNT_HINTS = {
  cart: "The cart total the shopper applied to finance.",
  approval: "The most the lender approved the shopper for. The contract can be for less.",
  invoice:
    "What the contract pays for: the order as signed, less the returns the lender has settled. " +
    "The lender's payment and the shopper's up-front payment add up to it.",
  borrowed:
    "What the shopper borrows: the invoice amount less the up-front payment. The lender pays this to the store.",
  inStore:
    "The part of the contract the shopper pays up front instead of borrowing. The lender calls it the " +
    "in-store payment on online orders too.",
  funded: "What the lender transferred to the store.",
  fundingDate: "The day of the lender's payment, as the lender reports it.",
} as const

/** Return types of spec 2.6, as the return drawer explains them. */
export const RETURN_TYPE_HINTS = {
  return: "The whole contract (what is left of it) goes back to the lender: the shopper owes nothing more.",
  partial:
    "Part of the contract goes back, for an amount you enter: for example one item of several, or a price cut.",
  redraft:
    "No money goes back: the lender redraws the contract for the order as it is now (after an edit). " +
    "Use it when the order changed but nothing was returned.",
} as const

export type ActionDescription = {
  /** What was sent: "Invoice", "Delivery information"… */
  title: string
  /** What it held, in words, or null when the title says it all. */
  what: string | null
  /** Why it was sent: the order event or the merchant's click that caused it. */
  why: string
  /** A return request's reason, in words (the lender's reason and the note sent), or null. */
  reason: string | null
}

function returnReason(action: PostSaleAction, reasons: readonly ReturnReason[] | undefined): string | null {
  const request = action.return_request
  if (!request) return null
  const chosen = request.return_reason_id
    ? (reasons?.find((reason) => reason.public_id === request.return_reason_id)?.description ?? null)
    : null
  const note = request.reason?.trim() || null
  if (chosen && note && chosen !== note) return `${chosen} (${note})`
  return chosen ?? note
}

/** What an action was, what it held, why it was sent and (for a return) its reason, in the merchant's words. */
export function describeAction(action: PostSaleAction, context: ActionContext): ActionDescription {
  return {
    title: actionKindLabel(action.kind),
    what: ACTION_KIND_WORDS[action.kind].what(action, context),
    why: CAUSE_WHY[action.caused_by.kind](action.caused_by, context),
    reason: action.kind === "return" ? returnReason(action, context.returnReasons) : null,
  }
}

/**
 * An action the lender answered without it being sent: the plugin's result for a generated invoice the
 * merchant's upload replaced (see perform/invoice.ts) starts so.
 */
export function wasReplaced(action: Pick<PostSaleAction, "state" | "result">): boolean {
  return action.state === "succeeded" && (action.result ?? "").startsWith("Not sent")
}

/** The facts of the order the widget needs beside the financing: whether it has fulfillments, and shipped ones. */
export type OrderFulfillmentFacts = {
  fulfillments: readonly { id: string; shipped_at?: unknown; delivered_at?: unknown; canceled_at?: unknown }[]
}

const live = (facts: OrderFulfillmentFacts) =>
  facts.fulfillments.filter((fulfillment) => !fulfillment.canceled_at)

/** The delivery information is a fulfillment's address and tracking: none to send before there is one. */
export function canSendDelivery(facts: OrderFulfillmentFacts): boolean {
  return live(facts).length > 0
}

export type Attention = {
  /** `error`: the merchant must act; `warning`: something is off and being handled; `info`: the next step. */
  tone: "error" | "warning" | "info"
  text: string
}

/** An error as the end of a sentence: with its full stop. */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

const isKind = (kind: PostSaleAction["kind"]) => (action: PostSaleAction) => action.kind === kind
const sent = (action: PostSaleAction) => action.state === "succeeded" && !wasReplaced(action)
/**
 * Whether an action in each state is still on its way to the lender (a return waiting its turn is not: it
 * waits for another return). A Record over the states, so a new state is decided here.
 */
const IN_FLIGHT: Record<PostSaleAction["state"], boolean> = {
  pending: true,
  sending: true,
  unknown: true,
  checking: true,
  waiting: false,
  succeeded: false,
  failed: false,
}
const inFlight = (action: PostSaleAction) => IN_FLIGHT[action.state]

/** What the lender waits for next, by the contract's status and what was sent; empty when nothing. */
function nextSteps(
  application: FinancingApplication,
  actions: readonly PostSaleAction[],
  facts: OrderFulfillmentFacts
): string[] {
  const invoices = actions.filter(isKind("invoice"))
  const deliveries = actions.filter(isKind("delivery"))
  const shipped = live(facts).some((fulfillment) => fulfillment.shipped_at || fulfillment.delivered_at)
  const delivery = deliveries.some(sent)
    ? null
    : deliveries.some(inFlight)
      ? "The delivery information is being sent to the lender."
      : shipped
        ? null
        : canSendDelivery(facts)
          ? "Mark the fulfillment as shipped or delivered: the delivery information then goes to the lender, which needs it to pay."
          : "Create a fulfillment and mark it shipped or delivered: the lender needs the delivery information to pay."
  const steps = (...lines: (string | null)[]) => lines.filter((line): line is string => line !== null)
  switch (application.status) {
    case "SignedWaitingForInvoice":
      if (invoices.some(inFlight)) return steps("The invoice is being sent to the lender.", delivery)
      if (invoices.some(sent))
        return steps("The invoice was sent; the lender has not confirmed it yet.", delivery)
      return steps(
        canSendDelivery(facts)
          ? "The lender needs the order's invoice. Upload one below if the generated invoice was not sent."
          : "The lender needs the order's invoice: it is sent when you create a fulfillment, or upload your own below.",
        delivery
      )
    case "SignedWaitingForInvoiceApproval":
      return steps("The lender is checking the invoice.", delivery)
    case "Signed":
      return steps(delivery ?? "The lender has what it needs and pays the store next.")
    default:
      return []
  }
}

/**
 * The money account's to-dos as the card tells them: a refund Medusa owes the customer or a payment to record
 * is a warning; collecting the in-store payment is the next step. What is only in flight is never listed.
 */
const MONEY_TO_DO_TONE: Record<MoneyToDoKind, Attention["tone"]> = {
  refund_in_medusa: "warning",
  record_lender_payment: "warning",
  collect_in_store_payment: "info",
}

/** A failed send, an exception or a failing completion waits for the merchant; an unknown outcome is in hand. */
const ATTENTION_TONE: Record<AttentionKind, Attention["tone"]> = {
  action_failed: "error",
  contract_exception: "error",
  completion_failing: "error",
  outcome_unknown: "warning",
}

/**
 * What needs the merchant, or what happens next, for the status card: first the server's attention reasons
 * (the rule the applications list uses, so the list and the order page never disagree), a failed send with
 * what went wrong; then books that disagree, and the next step.
 */
export function attentionOf(financing: OrderFinancing, facts: OrderFulfillmentFacts): Attention[] {
  const { application, actions, books } = financing
  const items: Attention[] = []
  for (const reason of financing.attention) {
    const action = actions.find((candidate) => candidate.id === reason.action_id)
    const cause =
      reason.kind === "action_failed" && action?.last_error
        ? ` What went wrong: ${asSentence(action.last_error)}`
        : ""
    items.push({ tone: ATTENTION_TONE[reason.kind], text: `${reason.text}${cause}` })
  }
  for (const item of books?.to_do ?? []) items.push({ tone: MONEY_TO_DO_TONE[item.kind], text: item.text })
  for (const step of nextSteps(application, actions, facts)) items.push({ tone: "info", text: step })
  return items
}
