import { toCents } from "../../domain/money"
import type { ActionState } from "../../domain/post-sale/action-kinds"

/**
 * The service refuses a return request while another is pending (spec 3), so an application's returns form
 * a queue: at most one is open at the service, later ones wait in the ledger. These pure rules decide what
 * counts as open, which sent return a status read settles, and which waiting one goes next; the module's
 * service applies them to the stored actions.
 */

/** What the queue needs to know of one recorded action. */
export interface QueuedAction {
  id: string
  /** What in Medusa asked for it (unique per action). */
  cause?: string
  kind: string
  state: ActionState
  completed_at?: Date | string | null
  settled_at?: Date | string | null
  payload?: unknown
}

const isReturn = (action: QueuedAction) => action.kind === "return"

/** Sent and accepted by the service, but not yet reported settled. */
const isUnsettled = (action: QueuedAction) => action.state === "succeeded" && !action.settled_at

/**
 * Recorded and due, being sent, or sent with its outcome unknown (to be checked, then sent again only if
 * the service shows nothing): the service will hear of it without any release.
 */
const IN_FLIGHT: ReadonlySet<ActionState> = new Set(["pending", "sending", "unknown", "checking"])
const isInFlight = (action: QueuedAction) => IN_FLIGHT.has(action.state)

/**
 * Whether a return recorded for this application is still open at the service: not yet sent (due, being
 * sent or queued), or sent and not yet settled. A new return recorded while one is open has to wait.
 */
export function hasOpenReturn(actions: readonly QueuedAction[]): boolean {
  return actions.some(
    (action) => isReturn(action) && (isInFlight(action) || action.state === "waiting" || isUnsettled(action))
  )
}

/** The state a new return starts in: queued behind an open one, or due now. */
export function initialReturnState(actions: readonly QueuedAction[]): "waiting" | "pending" {
  return hasOpenReturn(actions) ? "waiting" : "pending"
}

export interface Settlement {
  /** Sent returns the service has settled: mark them settled. */
  settle: string[]
  /** The oldest waiting return, now free to be sent; null while another is still open. */
  release: string | null
}

/**
 * What a status read that shows no pending return settles, given the application's returns oldest first.
 * Without `sentBefore` (the application just left PendingReturn) the service settled one request: the
 * oldest unsettled one, since the service takes them in the order they were sent. With it (a read started
 * then showed no pending return) every return sent before that read is settled, however fast the service
 * was. The oldest waiting return is released only when nothing else is open at the service any more.
 */
export function settleReturns(returns: readonly QueuedAction[], sentBefore?: Date): Settlement {
  const ordered = returns.filter(isReturn)
  const unsettled = ordered.filter(isUnsettled)
  const settling = sentBefore
    ? unsettled.filter(
        (action) => action.completed_at && new Date(action.completed_at).getTime() < sentBefore.getTime()
      )
    : unsettled.slice(0, 1)
  const stillOpen = unsettled.length > settling.length || ordered.some(isInFlight)
  const next = ordered.find((action) => action.state === "waiting")
  return { settle: settling.map((action) => action.id), release: stillOpen || !next ? null : next.id }
}

/** Cents already asked back through return requests that were not refused. */
export function requestedReturnCents(actions: readonly QueuedAction[]): number {
  return actions
    .filter((action) => isReturn(action) && action.state !== "failed")
    .reduce((sum, action) => sum + Number((action.payload as { amount_cents?: number }).amount_cents ?? 0), 0)
}

/**
 * The contract's financed amount in cents, as signed: the base every return request is counted against
 * (`requestedReturnCents` sums them all, so the invoice amount the service lowers as each Partial settles
 * would count a settled return twice). The cart total until the service reports an invoice amount.
 */
export function financedCents(application: {
  amount: unknown
  invoice_amount?: unknown
  signed_invoice_amount?: unknown
}): number {
  const amount = application.signed_invoice_amount ?? application.invoice_amount ?? application.amount
  return toCents(amount as Parameters<typeof toCents>[0])
}

/** The contract's invoice amount now, in cents: as signed, less the returns the service has settled. */
export function currentContractCents(application: { amount: unknown; invoice_amount?: unknown }): number {
  const amount = application.invoice_amount ?? application.amount
  return toCents(amount as Parameters<typeof toCents>[0])
}
