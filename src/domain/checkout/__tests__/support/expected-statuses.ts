import type { PaymentSessionStatus } from "@medusajs/framework/types"

import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../../../lib/financing/schemas/statuses"

/*
 * What each application status must mean to Medusa, written once from the rules for every spec that checks
 * the status map or acts on it (status-map, session-action, the payment provider's). It is never read from
 * status-map.ts, so those specs check the map rather than repeat it; it is keyed by the contract's own list
 * (statuses.ts), so a status added there does not typecheck until it has its row here.
 */

/** The payment session status for each application status, read without a previous status. */
export const EXPECTED_SESSION_STATUS: Record<ApplicationStatusValue, PaymentSessionStatus> = {
  // The shopper still has something to do at the link.
  Pending: "requires_more",
  "Pre-qualified": "requires_more",
  Approved: "requires_more",
  // Waiting on the lender.
  PendingApproval: "pending",
  // Only a signed contract completes a cart; a funded one is paid.
  SignedWaitingForInvoice: "authorized",
  SignedWaitingForInvoiceApproval: "authorized",
  Signed: "authorized",
  Funded: "captured",
  Declined: "error",
  Ineligible: "error",
  Error: "error",
  Expired: "canceled",
  // Returns keep the session's previous status; without one, never a status that completes a cart.
  PendingReturn: "pending",
  Returned: "pending",
}

/** Returns in flight or done: they say nothing new about the payment. */
export const POST_SALE_STATUSES: readonly ApplicationStatusValue[] = ["PendingReturn", "Returned"]

function statusesExpectedAs(...sessionStatuses: PaymentSessionStatus[]): ApplicationStatusValue[] {
  return APPLICATION_STATUSES.filter(
    (status) =>
      !POST_SALE_STATUSES.includes(status) && sessionStatuses.includes(EXPECTED_SESSION_STATUS[status])
  )
}

/** A signed contract, not yet funded: it authorizes (completes the cart). */
export const SIGNED_STATUSES = statusesExpectedAs("authorized")
/** A signed or funded contract: the statuses that authorize or capture. */
export const CONTRACT_STATUSES = statusesExpectedAs("authorized", "captured")
/** Refused by the lender, or failed. */
export const FAILED_STATUSES = statusesExpectedAs("error")
/** The shopper or the lender still has something to do. */
export const IN_PROGRESS_STATUSES = statusesExpectedAs("requires_more", "pending")
