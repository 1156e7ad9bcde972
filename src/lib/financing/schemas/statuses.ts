import { z } from "zod"

/** Application statuses of spec section 3, spelled exactly as the service sends them. */
export const APPLICATION_STATUSES = [
  "Pending",
  "Pre-qualified",
  "Ineligible",
  "Declined",
  "Approved",
  "PendingApproval",
  "SignedWaitingForInvoice",
  "SignedWaitingForInvoiceApproval",
  "Signed",
  "Funded",
  "PendingReturn",
  "Returned",
  "Expired",
  "Error",
] as const

// Strict on purpose: an unknown status must fail loudly rather than be mapped to something that moves money.
export const ApplicationStatusValue = z.enum(APPLICATION_STATUSES)
export type ApplicationStatusValue = z.infer<typeof ApplicationStatusValue>

/**
 * Payment (funding) statuses. The by-id response documents four values and the list response seven; one
 * enum of the union serves both, so a by-id answer carrying a list-only value is not a parse failure.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "processed",
  "manually processed",
  "returned",
  "error",
  "failed",
  "waiting",
] as const

export const PaymentStatusValue = z.enum(PAYMENT_STATUSES)
export type PaymentStatusValue = z.infer<typeof PaymentStatusValue>
