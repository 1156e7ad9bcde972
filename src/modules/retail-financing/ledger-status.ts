import type { ApplicationStatusValue } from "../../lib/financing/schemas"

/**
 * How far along an application is. A read made before a newer one (a reconciliation list fetched just before
 * a callback's read) must not pull the ledger back, so a status is only recorded when it is not behind the
 * one recorded. The exception is leaving PendingReturn: the service settles a Partial or a Redraft back to
 * the signed status the contract had.
 */
const PROGRESS: Record<ApplicationStatusValue, number> = {
  Pending: 0,
  "Pre-qualified": 1,
  Approved: 2,
  PendingApproval: 3,
  SignedWaitingForInvoice: 4,
  SignedWaitingForInvoiceApproval: 5,
  Signed: 6,
  Funded: 7,
  PendingReturn: 8,
  Returned: 9,
  // Outcomes of an unsigned application: a stale one can never undo a signed contract.
  Declined: 3.5,
  Ineligible: 3.5,
  Expired: 3.5,
  Error: 3.5,
}

/** An application status's place in the forward-only order; a higher rank is further along. */
export function progressOf(status: ApplicationStatusValue): number {
  return PROGRESS[status]
}

export function acceptsStatus(recorded: ApplicationStatusValue, observed: ApplicationStatusValue): boolean {
  if (recorded === observed) return false
  if (recorded === "PendingReturn") return true
  return PROGRESS[observed] >= PROGRESS[recorded]
}

/** Whether the ledger should mark the oldest unsettled return as settled. */
export function settlesReturn(recorded: ApplicationStatusValue, observed: ApplicationStatusValue): boolean {
  return recorded === "PendingReturn" && observed !== "PendingReturn"
}
