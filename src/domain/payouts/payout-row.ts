import { formatUsd } from "../money"
import {
  type OrderBooksFacts,
  type PayoutDifferenceReason,
  type PayoutPart,
  orderBooks,
} from "../post-sale/order-books"

export type { PayoutDifferenceReason }

/** The words a merchant (and an accountant reading the CSV) reads for each reason. */
export const PAYOUT_REASON_WORDS: Record<PayoutDifferenceReason, string> = {
  in_store_payment: "in-store payment",
  return: "a return",
  partial_return: "a partial return",
  return_pending: "a return not settled by the lender yet",
  order_changed: "the order changed after signing",
  not_funded: "not yet funded",
  lender_takes_back: "the lender takes back what it paid for returns",
  lender_paid_other: "the lender paid another amount than the contract less the in-store payment",
}

export type PayoutDifference = PayoutPart

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
 * Why what the lender paid for an order differs from the order total: the money account's payout parts
 * (domain/post-sale/order-books.ts), so the Payouts view, its CSV and the order widget tell one account.
 */
export function payoutMoney(facts: PayoutFacts): PayoutMoney {
  const { payout } = orderBooks({ ...facts, lenderPaymentStatus: facts.paymentStatus })
  return { paidCents: payout.paid_cents, differenceCents: payout.difference_cents, differences: payout.parts }
}

/** The reasons in words, each with its amount: "in-store payment $100.00; a partial return $50.00". */
export function payoutReasonText(differences: readonly PayoutDifference[]): string {
  return differences
    .map((difference) => `${PAYOUT_REASON_WORDS[difference.reason]} ${formatUsd(difference.cents)}`)
    .join("; ")
}
