import { findApplicationStage } from "../../lib/financing/schemas/statuses"

/** What decides whether the shopper still owes the store the contract's in-store payment. */
export interface InStorePaymentFacts {
  /** The ledger's status of the application. */
  status: string
  /** The contract's in-store payment (`totalInStorePayment`), in cents; null when the service sent none. */
  inStoreCents: number | null
  /** Medusa canceled the order. */
  orderCanceled: boolean
}

/** Stages in which a signed contract stands, so its in-store payment is owed. */
const CONTRACT_STANDS = new Set(["signed", "funded", "returning"])

/**
 * Why the merchant cannot mark the in-store payment received, in the merchant's words; null when it can.
 * A mark records money the store took from the shopper, so it is refused where nothing is owed: no in-store
 * payment on the contract, no signed contract, a contract returned whole (the lender took it back, and the
 * shopper owes the store nothing on it) or a canceled order. A partial return leaves the contract standing,
 * and its in-store payment with it.
 */
export function inStorePaymentRefusal(facts: InStorePaymentFacts): string | null {
  if (!facts.inStoreCents || facts.inStoreCents <= 0) {
    return "This financing contract has no in-store payment: the lender pays all of it, so there is nothing to mark received."
  }
  if (facts.status === "Returned") {
    return "This financing contract was returned whole: the customer owes no in-store payment on it."
  }
  if (facts.orderCanceled) {
    return "This order was canceled: the customer owes no in-store payment on it."
  }
  if (!CONTRACT_STANDS.has(findApplicationStage(facts.status) ?? "")) {
    return `This financing application is not a signed contract (status ${facts.status}): no in-store payment is due on it.`
  }
  return null
}
