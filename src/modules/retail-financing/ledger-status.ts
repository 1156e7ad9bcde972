import {
  APPLICATION_STATUSES,
  type ApplicationStage,
  type ApplicationStatusValue,
  applicationStageOf,
} from "../../lib/financing/schemas"

/** Stages of an application that ended without a contract. */
const ENDED_UNSIGNED: ReadonlySet<ApplicationStage> = new Set(["refused", "expired", "error"])

/**
 * How far along an application is. A read made before a newer one (a reconciliation list fetched just before
 * a callback's read) must not pull the ledger back, so a status is only recorded when it is not behind the
 * one recorded. The exception is leaving PendingReturn: the service settles a Partial or a Redraft back to
 * the signed status the contract had.
 *
 * Derived from the order of the contract's status table: each status ranks one step after the one before
 * it, except the outcomes of an unsigned application, which rank half a step before the first signed
 * status, so that a stale one can never undo a signed contract.
 */
const PROGRESS: Readonly<Record<ApplicationStatusValue, number>> = rankInTableOrder()

function rankInTableOrder(): Record<ApplicationStatusValue, number> {
  const ranks = {} as Record<ApplicationStatusValue, number>
  const onTheWay = APPLICATION_STATUSES.filter((status) => !ENDED_UNSIGNED.has(applicationStageOf(status)))
  onTheWay.forEach((status, index) => {
    ranks[status] = index
  })
  const firstSigned = onTheWay.findIndex((status) => applicationStageOf(status) === "signed")
  for (const status of APPLICATION_STATUSES) {
    if (ENDED_UNSIGNED.has(applicationStageOf(status))) ranks[status] = firstSigned - 0.5
  }
  return ranks
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

/**
 * Statuses after which checkout has nothing left to do for an application: it ended unsigned, or its
 * contract is under return (the return job follows those). Reconciliation of checkouts skips them.
 */
export const CHECKOUT_ENDED_STATUSES: readonly ApplicationStatusValue[] = APPLICATION_STATUSES.filter(
  (status) => {
    const stage = applicationStageOf(status)
    return ENDED_UNSIGNED.has(stage) || stage === "returning" || stage === "returned"
  }
)
