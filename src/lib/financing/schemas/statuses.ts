import { z } from "zod"

/**
 * Where an application is in its life, the one thing the rest of the plugin reads from a status:
 * - `open`: the shopper still has something to do at the link (apply, finish pre-qualification, sign);
 * - `waiting`: waiting on the lender, not on the shopper;
 * - `signed`: a signed contract (spec section 3's "signed" preconditions), not yet funded;
 * - `funded`: the lender paid the store;
 * - `refused`, `expired`, `error`: an application that ended unsigned;
 * - `returning`, `returned`: a return in flight or done on a signed contract.
 */
export const APPLICATION_STAGES = [
  "open",
  "waiting",
  "signed",
  "funded",
  "refused",
  "expired",
  "error",
  "returning",
  "returned",
] as const
export type ApplicationStage = (typeof APPLICATION_STAGES)[number]

/**
 * Every application status of spec section 3, spelled exactly as the service sends them, with its stage.
 * This is the one table to edit when the service starts sending a new status.
 *
 * The rows are in the forward-only order the ledger keeps (a status is never recorded over one further
 * down): a new status goes where it falls in an application's life. The rows of an application that ended
 * unsigned may sit anywhere; they all rank just before the first signed status.
 */
const STATUS_STAGES = {
  Pending: "open",
  "Pre-qualified": "open",
  Approved: "open",
  PendingApproval: "waiting",
  SignedWaitingForInvoice: "signed",
  SignedWaitingForInvoiceApproval: "signed",
  Signed: "signed",
  Funded: "funded",
  PendingReturn: "returning",
  Returned: "returned",
  Declined: "refused",
  Ineligible: "refused",
  Expired: "expired",
  Error: "error",
} as const satisfies Record<string, ApplicationStage>

type StatusName = keyof typeof STATUS_STAGES

/** The statuses in the table's (forward) order. */
export const APPLICATION_STATUSES = Object.keys(STATUS_STAGES) as readonly StatusName[] as readonly [
  StatusName,
  ...StatusName[],
]

/** The stage of a status the contract has parsed. */
export function applicationStageOf(status: StatusName): ApplicationStage {
  return STATUS_STAGES[status]
}

/** The stage of a value not parsed yet (session data, a ledger row); undefined when it is no status. */
export function findApplicationStage(value: unknown): ApplicationStage | undefined {
  // Checked against the list, so that a name such as "constructor" never reaches Object's prototype.
  return (APPLICATION_STATUSES as readonly unknown[]).includes(value)
    ? STATUS_STAGES[value as StatusName]
    : undefined
}

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
