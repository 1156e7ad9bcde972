import type { ContractExceptionReason } from "./contract-exceptions"
import { type CurrentFingerprints, sameFinancedCart } from "./financed-fingerprint"

/** What the ledger recorded of an application, as the guard reads it. */
export interface RecordedApplication {
  /**
   * Fingerprints of what was financed, taken when the application was made. Null for applications made
   * before the ledger kept them: there is nothing to compare, so those are not checked for changes.
   */
  cart_fingerprint: string | null
  customer_fingerprint: string | null
  superseded_by_id: string | null
  /** An exception already opened for this contract (a closed one counts too: it was dealt with). */
  exception_reason: string | null
}

export interface SignedContractFacts {
  recorded: RecordedApplication
  /** The cart's fingerprints now; null when the cart no longer makes an application at all. */
  current: CurrentFingerprints | null
  /** Medusa still has the payment session holding the application. */
  sessionLive: boolean
  /** The cart's order was paid through another payment session. */
  orderPaidOtherwise: boolean
  /** The contract covers the cart total (contractCoversCart). */
  contractCoversCart: boolean
}

/**
 * Whether a signed contract may complete its cart (or pay the order the cart became): null when it may,
 * otherwise why not. The first reason that applies wins, the most telling first: a newer application, the
 * cart's lines or total, the customer's details, a session Medusa deleted or an order another payment
 * placed, a contract signed for less. An exception other than a failed completion stays: once the merchant
 * is told to void a contract, a cart changed back never completes with it.
 */
export function contractException(facts: SignedContractFacts): ContractExceptionReason | null {
  const { recorded, current } = facts
  if (recorded.exception_reason && recorded.exception_reason !== "completion_failed") {
    return recorded.exception_reason as ContractExceptionReason
  }
  if (recorded.superseded_by_id) return "superseded"
  if (recorded.cart_fingerprint !== null && !sameFinancedCart(recorded.cart_fingerprint, current)) {
    return "cart_changed"
  }
  if (recorded.customer_fingerprint !== null && recorded.customer_fingerprint !== current?.customer) {
    return "customer_details_changed"
  }
  if (!facts.sessionLive) return "session_deleted"
  // Only when several sessions of one cart were live at once (before sessions were started one at a time):
  // another one paid the order, so this contract was overtaken by it.
  if (facts.orderPaidOtherwise) return "superseded"
  if (!facts.contractCoversCart) return "contract_short"
  return null
}
