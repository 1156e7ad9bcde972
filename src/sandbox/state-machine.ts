import type { ApplicationStatusValue } from "../lib/financing/schemas/statuses"

/** Statuses in which a contract has been signed (spec section 3's "signed" preconditions). */
export const SIGNED_STATUSES: ReadonlySet<ApplicationStatusValue> = new Set([
  "SignedWaitingForInvoice",
  "SignedWaitingForInvoiceApproval",
  "Signed",
  "Funded",
])

const RETURN_STATUSES: ReadonlySet<ApplicationStatusValue> = new Set(["PendingReturn", "Returned"])

/** Not yet signed, and not yet decided against: the shopper can still sign, decline, or let it expire. */
export const OPEN_STATUSES: ReadonlySet<ApplicationStatusValue> = new Set([
  "Pending",
  "Pre-qualified",
  "PendingApproval",
  "Approved",
])

/**
 * Every allowed move, in one table. The spec shows none, so these follow the life of a lease-to-own
 * contract: apply, decide, sign, invoice, fund, and return. A settled partial return or redraft goes back
 * to the signed status the application had before the return.
 */
export const TRANSITIONS: Readonly<Record<ApplicationStatusValue, readonly ApplicationStatusValue[]>> = {
  Pending: ["Pre-qualified", "Approved", "PendingApproval", "Declined", "Ineligible", "Expired", "Error"],
  "Pre-qualified": ["Approved", "PendingApproval", "Declined", "Ineligible", "Expired", "Error"],
  PendingApproval: ["Approved", "Declined", "Expired", "Error"],
  Approved: ["SignedWaitingForInvoice", "Signed", "Declined", "Expired", "Error"],
  SignedWaitingForInvoice: ["SignedWaitingForInvoiceApproval", "PendingReturn", "Error"],
  SignedWaitingForInvoiceApproval: ["Signed", "SignedWaitingForInvoice", "PendingReturn", "Error"],
  Signed: ["Funded", "PendingReturn"],
  Funded: ["PendingReturn"],
  PendingReturn: [
    "Returned",
    "SignedWaitingForInvoice",
    "SignedWaitingForInvoiceApproval",
    "Signed",
    "Funded",
  ],
  Returned: [],
  Declined: [],
  Ineligible: [],
  Expired: [],
  Error: [],
}

export function canTransition(from: ApplicationStatusValue, to: ApplicationStatusValue): boolean {
  return TRANSITIONS[from].includes(to)
}

export function isSigned(status: ApplicationStatusValue): boolean {
  return SIGNED_STATUSES.has(status)
}

/** A signed contract exists, with or without a return pending on it: invoices, delivery, order references. */
export function hasContract(status: ApplicationStatusValue): boolean {
  return SIGNED_STATUSES.has(status) || status === "PendingReturn"
}

/**
 * The shortest walk from one status to another, for the control endpoint; undefined when unreachable.
 * A walk only passes through the return statuses when it is headed for one, so asking for `Signed` from
 * `Funded` is refused instead of faking a return.
 */
export function pathTo(
  from: ApplicationStatusValue,
  to: ApplicationStatusValue
): ApplicationStatusValue[] | undefined {
  if (from === to) return []
  const mayPassReturns = RETURN_STATUSES.has(to)
  const previous = new Map<ApplicationStatusValue, ApplicationStatusValue>()
  const queue: ApplicationStatusValue[] = [from]
  while (queue.length > 0) {
    const current = queue.shift()!
    for (const next of TRANSITIONS[current]) {
      if (next === from || previous.has(next)) continue
      if (RETURN_STATUSES.has(next) && !mayPassReturns) continue
      // A walk into a return comes back out only at its end, never through it to a signed status.
      if (current === "PendingReturn" && next !== to) continue
      previous.set(next, current)
      if (next === to) return unwind(previous, from, to)
      queue.push(next)
    }
  }
  return undefined
}

function unwind(
  previous: Map<ApplicationStatusValue, ApplicationStatusValue>,
  from: ApplicationStatusValue,
  to: ApplicationStatusValue
): ApplicationStatusValue[] {
  const steps: ApplicationStatusValue[] = [to]
  for (let step = previous.get(to); step !== undefined && step !== from; step = previous.get(step)) {
    steps.unshift(step)
  }
  return steps
}
