import { centsFromDecimal, formatUsd } from "../money"
import { type OrderBooksFacts, orderBooks } from "../post-sale/order-books"

/** The service's payment statuses under which the lender's money has reached the store. */
const PAID_STATUSES: ReadonlySet<string> = new Set(["processed", "manually processed"])

export type PayoutDifferenceReason =
  "in_store_payment" | "return" | "partial_return" | "order_changed" | "not_funded" | "lender_paid_other"

/** The words a merchant (and an accountant reading the CSV) reads for each reason. */
export const PAYOUT_REASON_WORDS: Record<PayoutDifferenceReason, string> = {
  in_store_payment: "in-store payment",
  return: "a return",
  partial_return: "a partial return",
  order_changed: "the order changed after signing",
  not_funded: "not yet funded",
  lender_paid_other: "the lender paid another amount than the contract less the in-store payment",
}

export interface PayoutDifference {
  reason: PayoutDifferenceReason
  cents: number
}

/** One contract's payment beside the order's money: the facts of the order's books and the payment itself. */
export interface PayoutFacts extends OrderBooksFacts {
  /** The payment's status at the service (spec 2.4 paymentInfo.status). */
  paymentStatus: string
}

export interface PayoutMoney {
  /** What the lender has paid the store: the payment's amount once its status says it was paid, else 0. */
  paidCents: number
  /** The order total less what the lender paid. */
  differenceCents: number
  /** Each part of the difference and why, in order; they add up to `differenceCents`. */
  differences: PayoutDifference[]
}

/**
 * Why what the lender paid for an order differs from the order total, in parts that add up to the
 * difference. The order's books (domain/post-sale/order-books.ts) give the contract as signed and now and
 * the in-store payment, and their differences for an edited order, the store's returns and the in-store
 * payment; a contract returned whole is "a return" of all it was signed for. What is left is what the lender
 * has not paid yet (its payment is not processed) or paid otherwise than the contract less the in-store
 * payment.
 */
export function payoutMoney(facts: PayoutFacts): PayoutMoney {
  const books = orderBooks(facts)
  const cents = (dollars: number | null) => (dollars === null ? null : centsFromDecimal(dollars))
  const fromBooks = (reason: string) =>
    books.differences
      .filter((difference) => difference.reason === reason)
      .reduce((total, difference) => total + centsFromDecimal(difference.amount), 0)

  const paidCents =
    PAID_STATUSES.has(facts.paymentStatus) && facts.lenderPaidCents !== null ? facts.lenderPaidCents : 0
  const differenceCents = facts.orderTotalCents - paidCents
  const returnedWhole = facts.status === "Returned"
  const signed = cents(books.contract_signed) ?? facts.orderTotalCents
  const contractNow = cents(books.contract_now) ?? signed

  const parts: PayoutDifference[] = [
    { reason: "order_changed", cents: fromBooks("order_changed") },
    returnedWhole
      ? { reason: "return", cents: signed - contractNow }
      : { reason: "partial_return", cents: fromBooks("returns") },
    { reason: "in_store_payment", cents: fromBooks("in_store_payment") },
  ]
  const explained = parts.reduce((total, part) => total + part.cents, 0)
  const rest = differenceCents - explained
  parts.push(
    PAID_STATUSES.has(facts.paymentStatus)
      ? { reason: "lender_paid_other", cents: rest }
      : { reason: "not_funded", cents: rest }
  )
  return { paidCents, differenceCents, differences: parts.filter((part) => part.cents !== 0) }
}

/** The reasons in words, each with its amount: "in-store payment $100.00; a partial return $50.00". */
export function payoutReasonText(differences: readonly PayoutDifference[]): string {
  return differences
    .map((difference) => `${PAYOUT_REASON_WORDS[difference.reason]} ${formatUsd(difference.cents)}`)
    .join("; ")
}
