import type { PaymentSessionStatus } from "@medusajs/framework/types"

import type { ApplicationStatusValue } from "../../lib/financing/schemas/statuses"

const UNCHANGED = "unchanged"

// A Record, so a status added to the contract fails the build until it is mapped here.
const STATUS_MAP: Record<ApplicationStatusValue, PaymentSessionStatus | typeof UNCHANGED> = {
  // The shopper still has something to do at the link (apply, finish pre-qualification, sign).
  Pending: "requires_more",
  "Pre-qualified": "requires_more",
  Approved: "requires_more",
  // Waiting on the lender, not on the shopper.
  PendingApproval: "pending",
  // Only a signed contract may complete a cart.
  SignedWaitingForInvoice: "authorized",
  SignedWaitingForInvoiceApproval: "authorized",
  Signed: "authorized",
  // The lender paid the store.
  Funded: "captured",
  Declined: "error",
  Ineligible: "error",
  Error: "error",
  Expired: "canceled",
  // Post-sale states say nothing new about the payment; the ledger records them.
  PendingReturn: UNCHANGED,
  Returned: UNCHANGED,
}

/**
 * Medusa payment session status for a financing application status. Return statuses keep `previous`;
 * without it they map to `pending`, so an application under return can never complete a cart.
 */
export function toPaymentSessionStatus(
  status: ApplicationStatusValue,
  previous: PaymentSessionStatus = "pending"
): PaymentSessionStatus {
  const mapped = STATUS_MAP[status] as PaymentSessionStatus | typeof UNCHANGED | undefined
  // The contract parses statuses strictly; this guards callers that bypass it with an unchecked value.
  if (mapped === undefined) throw new Error(`Unknown financing application status "${String(status)}"`)
  return mapped === UNCHANGED ? previous : mapped
}

/** A signed (or funded) contract: the statuses that authorize or capture. */
export function isSignedContract(status: unknown): boolean {
  const mapped = typeof status === "string" ? (STATUS_MAP as Record<string, unknown>)[status] : undefined
  return mapped === "authorized" || mapped === "captured"
}

/** A return in flight or done: says nothing new about the payment, and must never complete a cart. */
export function isPostSale(status: ApplicationStatusValue): boolean {
  return STATUS_MAP[status] === UNCHANGED
}
