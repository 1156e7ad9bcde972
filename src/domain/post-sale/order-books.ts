import { formatUsd, fromCents } from "../money"

/**
 * A financed order's money as Medusa and the service each hold it, in cents (null: not known yet). Medusa's
 * figures are the order's own; the contract's are the ledger's, as the service last reported them.
 */
export interface OrderBooksFacts {
  /** The application's status at the service. */
  status: string
  /** Medusa's order total now: after edits, and less the items Medusa received back or dismissed. */
  orderTotalCents: number
  /**
   * What the items Medusa received back (or dismissed) were worth, which its order total no longer counts.
   * 0 when none: the order total is then the order as placed, edits aside.
   */
  returnedInMedusaCents?: number
  /**
   * Medusa's credit lines on the order: a refund beyond what Medusa owed the customer (a goodwill refund, a
   * price adjustment) lowers the order's total by a credit line; a refund of a received return does not.
   */
  creditLinesCents?: number
  /** Medusa's captures and refunds of the order's financing payment. */
  capturedCents: number
  refundedCents: number
  /** The contract's invoice amount as signed, and now (the service lowers it as the store's returns settle). */
  signedInvoiceCents: number | null
  invoiceCents: number | null
  /** The part of the contract the shopper pays the store directly (the service's totalInStorePayment). */
  inStoreCents: number | null
  /** Whether the merchant marked the in-store payment received (an admin action). */
  inStoreReceived?: boolean
  /** The lender's payment to the store as the service reported it (paymentInfo amount), once it funded. */
  lenderPaidCents: number | null
  /**
   * The payment's status at the service (paymentInfo.status): its amount reached the store once it is
   * processed. Null when the service gave none (the amount is then taken as paid).
   */
  lenderPaymentStatus?: string | null
  /** The return requests the plugin recorded for the contract (sent, queued or in flight; not refused). */
  returnsRequestedCents?: number
  /**
   * Medusa canceled the order's financing payment while the order stands: it does so when a change to an
   * order not yet captured (an edit, a return, a claim or an exchange) reopens its payment collection.
   */
  paymentCanceledByOrderChange?: boolean
}

/** Why Medusa's books differ from the contract's, or the lender's payment from the order total. */
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

/** Why what the lender paid differs from the order total: parts that add up to the difference. */
export type PayoutDifferenceReason =
  | "in_store_payment"
  | "return"
  | "partial_return"
  | "return_pending"
  | "order_changed"
  | "not_funded"
  | "lender_takes_back"
  | "lender_paid_other"

export interface PayoutPart {
  reason: PayoutDifferenceReason
  cents: number
}

/** Something the merchant does about the money, with the amount; the widget lists them. */
export type MoneyToDoKind = "collect_in_store_payment" | "refund_in_medusa" | "record_lender_payment"

export interface MoneyToDo {
  kind: MoneyToDoKind
  amount: number
  text: string
}

/** What each party owes the other for this order now, in dollars (0 when nothing). */
export interface MoneyOwed {
  /** The in-store payment the shopper has not paid the store yet (until the merchant marks it received). */
  shopper_to_store: number
  /** The lender's share of the contract it has not paid the store yet. */
  lender_to_store: number
  /** What the lender paid beyond its share of the contract now (returns after funding): it takes it back. */
  store_to_lender: number
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
  in_store_received: boolean
  /** The lender's payment as the service reported it (its status may still be pending). */
  lender_paid: number | null
  /** The lender's share of the contract now: the contract less the in-store payment. */
  lender_share: number | null
  /**
   * Whether Medusa's net capture equals what the contract is worth once the returns already asked for
   * settle; null while there is nothing to compare (nothing captured yet).
   */
  books_agree: boolean | null
  /** Why Medusa's books differ from the contract, or why what the lender paid differs from the order total. */
  differences: BooksDifference[]
  owed: MoneyOwed
  /** What the merchant must do about the money; empty when nothing. */
  to_do: MoneyToDo[]
  /** Returns asked of the lender that it has not taken off the contract yet: settling by themselves. */
  in_flight: BooksDifference[]
  /** The order total less what has reached the store from the lender, in parts that add up to it. */
  payout: { paid_cents: number; difference_cents: number; parts: PayoutPart[] }
}

/** The service's payment statuses under which the lender's money has reached the store. */
const PAID_STATUSES: ReadonlySet<string> = new Set(["processed", "manually processed"])

const usd = (cents: number) => formatUsd(cents)

/**
 * The one account of a financed order's money: Medusa's books (order total, captured, refunded, returns)
 * beside the contract's (as signed and now, the in-store payment, the lender's payment), what each party
 * owes, why each difference exists, and what the merchant must do. The order widget, the Payouts view, its
 * CSV and the events read it. The rules (docs/after-the-sale.md, "The money account"):
 *   - Medusa's net capture is the contract's invoice amount now, once the returns asked for settle;
 *   - the shopper owes the in-store payment until the merchant marks it received; the lender owes the rest
 *     of the contract, and takes back what it paid beyond that after a return;
 *   - a return asked for and not settled yet, or a refund the plugin is asking the lender for, is in flight:
 *     it is named, never a reason for the merchant's attention;
 *   - the refund the merchant is asked for is what Medusa holds beyond the contract, which is Medusa's own
 *     suggested refund whenever Medusa's order shows the returns.
 */
export function orderBooks(facts: OrderBooksFacts): OrderBooks {
  const net = facts.capturedCents - facts.refundedCents
  const returnedWhole = facts.status === "Returned"
  const signed = facts.signedInvoiceCents ?? facts.invoiceCents
  const contractNow = returnedWhole ? 0 : facts.invoiceCents
  const returnedInMedusa = facts.returnedInMedusaCents ?? 0
  // The order as placed: its total now with what Medusa took off it for returns and refunds added back.
  const orderAsPlaced = facts.orderTotalCents + returnedInMedusa + (facts.creditLinesCents ?? 0)
  const inStore = facts.inStoreCents ?? 0
  const inStoreOfContract = contractNow === null ? inStore : Math.min(inStore, Math.max(0, contractNow))
  const lenderShare = contractNow === null ? null : Math.max(0, contractNow - inStore)
  const paymentPaid =
    facts.lenderPaidCents !== null &&
    (facts.lenderPaymentStatus === null ||
      facts.lenderPaymentStatus === undefined ||
      PAID_STATUSES.has(facts.lenderPaymentStatus))
  const paidCents = paymentPaid ? (facts.lenderPaidCents ?? 0) : 0
  const takenOff = signed !== null && contractNow !== null ? signed - contractNow : 0
  // What the plugin has asked back and the service has not taken off the contract yet.
  const returnsInFlight = returnedWhole ? 0 : Math.max(0, (facts.returnsRequestedCents ?? 0) - takenOff)
  const refundsNotAskedYet = Math.max(
    0,
    facts.refundedCents - (facts.returnsRequestedCents ?? facts.refundedCents)
  )

  const differences: BooksDifference[] = []
  const inFlight: BooksDifference[] = []
  const toDo: MoneyToDo[] = []
  const add = (
    list: BooksDifference[],
    reason: BooksDifferenceReason,
    cents: number,
    description: string
  ) => {
    if (cents !== 0) list.push({ reason, amount: fromCents(cents), description })
  }

  // The order as placed against the contract as signed: an edit after signing (returns and refunds are not).
  const orderChanged = signed === null ? 0 : orderAsPlaced - signed
  add(
    differences,
    "order_changed",
    orderChanged,
    `The order is ${usd(orderAsPlaced)} before its returns and refunds; the contract was ` +
      `signed for ${usd(signed ?? 0)}: the order was edited after signing (or a return shipping fee was charged).`
  )
  if (signed !== null && contractNow !== null && !returnedWhole) {
    add(
      differences,
      "returns",
      takenOff,
      `The lender took ${usd(takenOff)} off the contract for the store's returns ` +
        `(signed for ${usd(signed)}, ${usd(contractNow)} now): it does not pay for them.`
    )
  }
  if (inStoreOfContract > 0 && !returnedWhole) {
    add(
      differences,
      "in_store_payment",
      inStoreOfContract,
      `The customer pays ${usd(inStoreOfContract)} of the contract to the store directly (the in-store ` +
        `payment, online orders too); the lender pays the rest.` +
        (facts.inStoreReceived ? " You marked it received." : "")
    )
  }

  let agree: boolean | null = null
  if (facts.paymentCanceledByOrderChange && facts.capturedCents === 0 && !returnedWhole) {
    const covered = contractNow ?? signed ?? 0
    add(
      differences,
      "payment_canceled_by_order_change",
      covered,
      "Medusa canceled the financing payment when the order changed after signing (an edit, a return or a " +
        `claim) and opened a new payment collection: the contract covers ${usd(covered)}, the order is now ` +
        `${usd(facts.orderTotalCents)}. The contract stands at the service and the lender pays it, but Medusa ` +
        "cannot capture a canceled payment: record the lender's payment on the order's new payment collection " +
        "and collect the difference another way."
    )
    if (facts.lenderPaidCents !== null || facts.status === "Funded") {
      agree = false
      toDo.push({
        kind: "record_lender_payment",
        amount: fromCents(covered),
        text:
          `Record the lender's payment (${usd(covered)} with the in-store payment) on the order's new payment ` +
          "collection in Medusa, and collect any difference another way.",
      })
    }
  } else if (facts.capturedCents === 0 && !returnedWhole) {
    add(
      differences,
      "not_funded",
      contractNow ?? facts.orderTotalCents,
      "Nothing is captured yet: Medusa's payment is captured by itself when the lender funds the contract."
    )
  } else if (contractNow !== null) {
    // What Medusa should hold once the returns already asked for settle.
    const settledTarget = Math.max(0, contractNow - returnsInFlight)
    agree = net === settledTarget
    add(
      inFlight,
      "return_pending",
      returnsInFlight,
      `${usd(returnsInFlight)} of returns was asked of the lender and is not settled yet: the contract drops ` +
        "to match when the lender settles it. Nothing to do."
    )
    if (net > settledTarget) {
      const extra = net - settledTarget
      // Medusa's own figure: what it holds beyond the order total now (its refund button's suggestion).
      const medusaSuggests = net - facts.orderTotalCents
      add(
        differences,
        "not_refunded_in_medusa",
        extra,
        `Medusa holds ${usd(net)} (captured less refunded) and the contract is worth ${usd(settledTarget)} ` +
          "once its returns settle: returns sent to the lender that were not refunded in Medusa."
      )
      toDo.push({
        kind: "refund_in_medusa",
        amount: fromCents(extra),
        text:
          `Refund ${usd(extra)} in Medusa once the customer is repaid` +
          (medusaSuggests === extra
            ? " (the amount Medusa's own refund suggests)"
            : ` (a return made from this widget: Medusa's order does not show it)`) +
          ". The plugin has already asked the lender for it, so the refund sends nothing more.",
      })
    } else if (net < settledTarget) {
      if (refundsNotAskedYet >= settledTarget - net) {
        add(
          inFlight,
          "return_pending",
          settledTarget - net,
          `The plugin is asking the lender to take ${usd(settledTarget - net)} off the contract for Medusa's ` +
            "refund. Nothing to do."
        )
      } else {
        add(
          differences,
          "refunded_beyond_contract",
          settledTarget - net,
          `Medusa holds ${usd(net)} (captured less refunded), less than the contract's ${usd(settledTarget)}: ` +
            "a refund in Medusa the lender has not taken off the contract."
        )
      }
    }
  }

  const shopperOwes = returnedWhole || facts.inStoreReceived ? 0 : inStoreOfContract
  if (shopperOwes > 0) {
    toDo.push({
      kind: "collect_in_store_payment",
      amount: fromCents(shopperOwes),
      text:
        `Collect ${usd(shopperOwes)} from the customer: the contract's in-store payment, which the lender does ` +
        "not pay. Mark it received once paid.",
    })
  }
  const lenderOwes = lenderShare === null ? 0 : Math.max(0, lenderShare - paidCents)
  const storeOwesLender = lenderShare === null || !paymentPaid ? 0 : Math.max(0, paidCents - lenderShare)

  return {
    order_total: fromCents(facts.orderTotalCents),
    captured: fromCents(facts.capturedCents),
    refunded: fromCents(facts.refundedCents),
    net_captured: fromCents(net),
    contract_signed: signed === null ? null : fromCents(signed),
    contract_now: contractNow === null ? null : fromCents(contractNow),
    in_store_payment: facts.inStoreCents === null ? null : fromCents(facts.inStoreCents),
    in_store_received: Boolean(facts.inStoreReceived),
    lender_paid: facts.lenderPaidCents === null ? null : fromCents(facts.lenderPaidCents),
    lender_share: lenderShare === null ? null : fromCents(lenderShare),
    books_agree: agree,
    differences,
    owed: {
      shopper_to_store: fromCents(shopperOwes),
      lender_to_store: fromCents(lenderOwes),
      store_to_lender: fromCents(storeOwesLender),
    },
    to_do: toDo,
    in_flight: inFlight,
    payout: payoutParts(facts, {
      signed,
      contractNow,
      orderAsPlaced,
      inStoreOfContract,
      lenderShare,
      paidCents,
    }),
  }
}

/**
 * The order total less what the lender paid, told in parts that add up to it by construction:
 * (order as placed − contract as signed) + (contract taken off − what Medusa took off the order) + in-store
 * payment + (lender's share − paid). Each term is one reason.
 */
function payoutParts(
  facts: OrderBooksFacts,
  figures: {
    signed: number | null
    contractNow: number | null
    orderAsPlaced: number
    inStoreOfContract: number
    lenderShare: number | null
    paidCents: number
  }
): OrderBooks["payout"] {
  const signed = figures.signed ?? facts.orderTotalCents
  const contractNow = figures.contractNow ?? signed
  const lenderShare = figures.lenderShare ?? Math.max(0, contractNow - figures.inStoreOfContract)
  const returnedWhole = facts.status === "Returned"
  // The returns the lender took that Medusa's order total does not show (a return from the widget), or, when
  // negative, what Medusa took off the order that the lender has not taken off the contract yet.
  const contractReturns = signed - contractNow - (figures.orderAsPlaced - facts.orderTotalCents)
  const lenderRest = lenderShare - figures.paidCents
  const parts: PayoutPart[] = [
    { reason: "order_changed", cents: figures.orderAsPlaced - signed },
    {
      reason: contractReturns < 0 ? "return_pending" : returnedWhole ? "return" : "partial_return",
      cents: contractReturns,
    },
    { reason: "in_store_payment", cents: returnedWhole ? 0 : figures.inStoreOfContract },
    {
      reason:
        figures.paidCents === 0 ? "not_funded" : lenderRest < 0 ? "lender_takes_back" : "lender_paid_other",
      cents: lenderRest,
    },
  ]
  return {
    paid_cents: figures.paidCents,
    difference_cents: facts.orderTotalCents - figures.paidCents,
    parts: parts.filter((part) => part.cents !== 0),
  }
}
