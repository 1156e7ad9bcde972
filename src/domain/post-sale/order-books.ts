import { formatUsd, fromCents } from "../money"

/** A financed order's money as Medusa and the service each hold it, in cents (null: not known yet). */
export interface OrderBooksFacts {
  /** The application's status at the service. */
  status: string
  /** Medusa's order total now (after edits). */
  orderTotalCents: number
  /** Medusa's captures and refunds of the order's financing payment. */
  capturedCents: number
  refundedCents: number
  /** The contract's invoice amount as signed, and now (the service lowers it as the store's returns settle). */
  signedInvoiceCents: number | null
  invoiceCents: number | null
  /** What the shopper paid the store directly under the contract. */
  inStoreCents: number | null
  /** What the lender paid the store (the service's paymentInfo amount), once it funded the contract. */
  lenderPaidCents: number | null
  /**
   * Medusa canceled the order's financing payment while the order stands: it does so when a change to an
   * order not yet captured (an edit, a return, a claim or an exchange) reopens its payment collection.
   */
  paymentCanceledByOrderChange?: boolean
}

export type BooksDifferenceReason =
  | "in_store_payment"
  | "returns"
  | "order_changed"
  | "not_funded"
  | "return_pending"
  | "not_refunded_in_medusa"
  | "refunded_beyond_contract"
  | "payment_canceled_by_order_change"

export interface BooksDifference {
  reason: BooksDifferenceReason
  /** Dollars. */
  amount: number
  /** One sentence for the merchant. */
  description: string
}

export interface OrderBooks {
  order_total: number
  captured: number
  refunded: number
  /** Captured less refunded: what Medusa's books say the order brought in. */
  net_captured: number
  contract_signed: number | null
  contract_now: number | null
  in_store_payment: number | null
  lender_paid: number | null
  /**
   * Whether Medusa's net capture equals what the contract is worth now (zero for a contract returned
   * whole); null while there is nothing to compare (not funded, so nothing captured).
   */
  books_agree: boolean | null
  /** Why what the lender paid differs from the order total, and why the two books differ, when they do. */
  differences: BooksDifference[]
}

const usd = (cents: number) => formatUsd(cents)

/**
 * Medusa's books (captured, refunded) beside the service's (invoice, in-store payment, lender's payment) for
 * one financed order, with each difference and its reason. The rule they are held to: Medusa's net capture
 * is the contract's invoice amount now (docs/decisions.md, "What a funded contract captures").
 */
export function orderBooks(facts: OrderBooksFacts): OrderBooks {
  const net = facts.capturedCents - facts.refundedCents
  const returnedWhole = facts.status === "Returned"
  const contractNow = returnedWhole ? 0 : facts.invoiceCents
  const differences: BooksDifference[] = []
  const add = (reason: BooksDifferenceReason, cents: number, description: string) => {
    if (cents !== 0) differences.push({ reason, amount: fromCents(cents), description })
  }

  const signed = facts.signedInvoiceCents ?? facts.invoiceCents
  if (signed !== null && facts.orderTotalCents !== signed) {
    add(
      "order_changed",
      facts.orderTotalCents - signed,
      `The order total is ${usd(facts.orderTotalCents)}; the contract was signed for ${usd(signed)} ` +
        "(the order was edited, or the contract covers more than the order)."
    )
  }
  if (signed !== null && facts.invoiceCents !== null && !returnedWhole) {
    add(
      "returns",
      signed - facts.invoiceCents,
      `The store's returns took ${usd(signed - facts.invoiceCents)} off the contract ` +
        `(signed for ${usd(signed)}, ${usd(facts.invoiceCents)} now): the lender does not pay for them.`
    )
  }
  if (facts.inStoreCents && !returnedWhole) {
    add(
      "in_store_payment",
      facts.inStoreCents,
      `The shopper pays ${usd(facts.inStoreCents)} of the contract up front (the lender's "in-store payment", ` +
        "online orders too); the lender pays the rest."
    )
  }

  let agree: boolean | null = null
  if (facts.paymentCanceledByOrderChange && facts.capturedCents === 0 && !returnedWhole) {
    const covered = contractNow ?? signed ?? 0
    add(
      "payment_canceled_by_order_change",
      covered,
      "Medusa canceled the financing payment when the order changed after signing (an edit, a return or a " +
        `claim) and opened a new payment collection: the contract covers ${usd(covered)}, the order is now ` +
        `${usd(facts.orderTotalCents)}. The contract stands at the service and the lender pays it, but Medusa ` +
        "cannot capture a canceled payment: record the lender's payment on the order's new payment collection " +
        "and collect the difference another way."
    )
    // Funded: the lender paid what Medusa holds nothing of. Before funding there is nothing to compare yet.
    agree = facts.lenderPaidCents === null && facts.status !== "Funded" ? null : false
  } else if (facts.capturedCents === 0 && !returnedWhole) {
    add(
      "not_funded",
      contractNow ?? facts.orderTotalCents,
      "Nothing is captured yet: the payment is captured when the lender funds the contract."
    )
  } else if (contractNow !== null) {
    agree = net === contractNow
    if (facts.status === "PendingReturn" && net !== contractNow) {
      add(
        "return_pending",
        net - contractNow,
        "A return is pending at the service: the contract changes when it settles."
      )
    } else if (net > contractNow) {
      add(
        "not_refunded_in_medusa",
        net - contractNow,
        `The contract is ${usd(contractNow)} now, but Medusa holds ${usd(net)} (captured less refunded): ` +
          "returns sent to the service that were not refunded in Medusa. Refund the difference in Medusa " +
          "if the shopper was repaid."
      )
    } else if (net < contractNow) {
      add(
        "refunded_beyond_contract",
        contractNow - net,
        `Medusa holds ${usd(net)} (captured less refunded), less than the contract's ${usd(contractNow)}: ` +
          "a refund in Medusa the service has not taken off the contract yet."
      )
    }
  }

  return {
    order_total: fromCents(facts.orderTotalCents),
    captured: fromCents(facts.capturedCents),
    refunded: fromCents(facts.refundedCents),
    net_captured: fromCents(net),
    contract_signed: signed === null ? null : fromCents(signed),
    contract_now: contractNow === null ? null : fromCents(contractNow),
    in_store_payment: facts.inStoreCents === null ? null : fromCents(facts.inStoreCents),
    lender_paid: facts.lenderPaidCents === null ? null : fromCents(facts.lenderPaidCents),
    books_agree: agree,
    differences,
  }
}
