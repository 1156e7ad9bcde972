import type { InferTypeOf } from "@medusajs/framework/types"

import { toCents } from "../../domain/money"
import type { ApplicationStatus, ApplicationStatusValue } from "../../lib/financing/schemas"
import type { RetailFinancingModuleService } from "./"
import type { ActionKind } from "../../domain/post-sale/action-kinds"
import type { FinancingAction } from "./models/financing-action"
import type { FinancingApplication } from "./models/financing-application"
import { acceptsStatus, settlesReturn } from "./ledger-status"

export type LedgerApplication = InferTypeOf<typeof FinancingApplication>
export type LedgerAction = InferTypeOf<typeof FinancingAction>

export interface StatusHistoryEntry {
  status: ApplicationStatusValue
  at: string
}

export interface ApplicationRecordInput {
  publicId: string
  sessionId: string
  cartId: string | null
  /** The cart total the application was made for, in dollars. */
  amount: number
  orderId?: string
  /** A status read from the service (never a callback's body). */
  observed?: Pick<ApplicationStatus, "status"> & Partial<ApplicationStatus>
  /**
   * When the read of `observed` was started. Given, a read that shows no pending return settles every
   * return request sent before it, even when the service settled too fast for any read to see PendingReturn.
   */
  readStartedAt?: Date
}

export interface ApplicationRecordResult {
  application: LedgerApplication
  /** Returns that were queued behind a return the service has just settled: send them now. */
  releasedActionIds: string[]
}

/**
 * Creates or updates the ledger's record of an application. A status is recorded only when it is news and
 * not behind the recorded one; contract figures and funding are kept once known, since the service may
 * leave them out of a later answer. When the service settles a return, the next queued return is released.
 */
export async function recordApplication(
  financing: RetailFinancingModuleService,
  input: ApplicationRecordInput,
  now: Date = new Date()
): Promise<ApplicationRecordResult> {
  const existing = await findApplication(financing, { public_id: input.publicId })
  if (!existing) {
    const status = input.observed?.status ?? "Pending"
    try {
      const created = await financing.createFinancingApplications({
        public_id: input.publicId,
        payment_session_id: input.sessionId,
        cart_id: input.cartId,
        order_id: input.orderId ?? null,
        status,
        status_history: historyColumn([{ status, at: now.toISOString() }]),
        amount: input.amount,
        ...contractFieldsOf(input.observed),
      })
      return { application: created, releasedActionIds: [] }
    } catch (error) {
      // Another sync created it a moment ago (the unique public id refused this one): update that one.
      if (!(await findApplication(financing, { public_id: input.publicId }))) throw error
      return recordApplication(financing, input, now)
    }
  }

  const recorded = existing.status as ApplicationStatusValue
  const observed = input.observed
  const update: Record<string, unknown> = { id: existing.id }
  if (input.orderId && existing.order_id !== input.orderId) update.order_id = input.orderId
  let releasedActionIds: string[] = []
  if (
    observed &&
    acceptsStatus(recorded, observed.status) &&
    (recorded !== "PendingReturn" || readSincePendingReturn(existing, input.readStartedAt))
  ) {
    update.status = observed.status
    update.status_history = historyColumn([
      ...statusHistoryOf(existing),
      { status: observed.status, at: now.toISOString() },
    ])
    Object.assign(update, contractFieldsOf(observed))
    if (settlesReturn(recorded, observed.status)) {
      releasedActionIds = await settleReturns(financing, existing.id, now)
    }
  } else if (observed) {
    Object.assign(update, contractFieldsOf(observed))
  }
  if (
    observed &&
    input.readStartedAt &&
    observed.status !== "PendingReturn" &&
    releasedActionIds.length === 0
  ) {
    releasedActionIds = await settleReturns(financing, existing.id, now, input.readStartedAt)
  }
  if (Object.keys(update).length === 1) return { application: existing, releasedActionIds }
  const application = await financing.updateFinancingApplications(update as { id: string })
  return { application, releasedActionIds }
}

/**
 * Leaving PendingReturn is the one move back the ledger accepts, so a read made before the return was
 * requested (a callback's read recorded late) would settle it wrongly. Only a read started after the ledger
 * recorded PendingReturn can show it settled; a read of unknown age waits for the next one.
 */
function readSincePendingReturn(application: LedgerApplication, readStartedAt: Date | undefined): boolean {
  if (!readStartedAt) return false
  const entered = [...statusHistoryOf(application)]
    .reverse()
    .find((entry) => entry.status === "PendingReturn")
  return !entered || readStartedAt.getTime() > new Date(entered.at).getTime()
}

/** The status history, oldest first (a JSON array column, which the model types as an object). */
export function statusHistoryOf(application: LedgerApplication): StatusHistoryEntry[] {
  const history: unknown = application.status_history
  return Array.isArray(history) ? (history as StatusHistoryEntry[]) : []
}

function historyColumn(entries: StatusHistoryEntry[]): Record<string, unknown> {
  return entries as unknown as Record<string, unknown>
}

/** Contract figures and funding the read carries; absent ones are left as recorded. */
function contractFieldsOf(observed: Partial<ApplicationStatus> | undefined): Record<string, unknown> {
  if (!observed) return {}
  const fields: Record<string, unknown> = {}
  const keep = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) fields[key] = value
  }
  keep("approval_amount", observed.approvalAmount)
  keep("borrowed_amount", observed.borrowedAmount)
  keep("invoice_amount", observed.invoiceAmount)
  keep("total_in_store_payment", observed.totalInStorePayment)
  keep("partner_code", observed.financingPartnerCode)
  keep("partner_name", observed.financingPartnerName)
  keep("partner_display_name", observed.financingPartnerDisplayName)
  if (observed.paymentInfo) {
    fields.funding = {
      transfer_id: observed.paymentInfo.transferId,
      wire_reference_id: observed.paymentInfo.wireReferenceId,
      date: observed.paymentInfo.date,
      amount: observed.paymentInfo.amount,
      status: observed.paymentInfo.status,
    }
  }
  return fields
}

/**
 * Marks returns the service has settled, then releases the oldest waiting one once none is open there.
 * Without `sentBefore` (the application just left PendingReturn) that is the oldest unsettled one; with it
 * (a read started then showed no pending return), every one sent before the read.
 */
async function settleReturns(
  financing: RetailFinancingModuleService,
  applicationId: string,
  now: Date,
  sentBefore?: Date
): Promise<string[]> {
  const returns = await financing.listFinancingActions(
    { application_id: applicationId, kind: "return" },
    { order: { created_at: "ASC" } }
  )
  const unsettled = returns.filter((action) => action.state === "succeeded" && !action.settled_at)
  const settling = sentBefore
    ? unsettled.filter((action) => action.completed_at && new Date(action.completed_at) < sentBefore)
    : unsettled.slice(0, 1)
  for (const action of settling) await financing.updateFinancingActions({ id: action.id, settled_at: now })

  const stillOpen =
    unsettled.length > settling.length ||
    returns.some((action) => action.state === "pending" || action.state === "sending")
  const next = returns.find((action) => action.state === "waiting")
  if (stillOpen || !next) return []
  await financing.updateFinancingActions({ id: next.id, state: "pending", next_attempt_at: now })
  return [next.id]
}

export async function findApplication(
  financing: RetailFinancingModuleService,
  filters: { public_id?: string; order_id?: string; payment_session_id?: string }
): Promise<LedgerApplication | undefined> {
  const [application] = await financing.listFinancingApplications(filters, { take: 1 })
  return application
}

export interface ActionRecordInput {
  applicationId: string
  kind: ActionKind
  /** What in Medusa asked for it, unique: `<kind>:<medusa id>`. */
  cause: string
  summary: string
  payload: Record<string, unknown>
  /** A return queued behind another: recorded now, sent when the first settles. */
  waiting?: boolean
}

/**
 * Records an action once per cause. Medusa may emit an event twice, even at the same moment: the unique
 * cause makes the second record find the first instead of adding another.
 */
export async function recordAction(
  financing: RetailFinancingModuleService,
  input: ActionRecordInput
): Promise<{ action: LedgerAction; created: boolean }> {
  const existing = await findAction(financing, input.cause)
  if (existing) return { action: existing, created: false }
  try {
    const action = await financing.createFinancingActions({
      application_id: input.applicationId,
      kind: input.kind,
      cause: input.cause,
      summary: input.summary,
      payload: input.payload,
      state: input.waiting ? "waiting" : "pending",
      next_attempt_at: input.waiting ? null : new Date(),
    })
    return { action, created: true }
  } catch (error) {
    const raced = await findAction(financing, input.cause)
    if (!raced) throw error
    return { action: raced, created: false }
  }
}

async function findAction(financing: RetailFinancingModuleService, cause: string) {
  const [action] = await financing.listFinancingActions({ cause }, { take: 1 })
  return action
}

/**
 * Whether a return recorded for this application is still open at the service: not yet sent, or sent and
 * not yet settled. The service refuses a return while one is pending (spec 3), so the next one waits.
 */
export function hasOpenReturn(actions: readonly LedgerAction[]): boolean {
  return actions.some(
    (action) =>
      action.kind === "return" &&
      (action.state === "pending" ||
        action.state === "sending" ||
        action.state === "waiting" ||
        (action.state === "succeeded" && !action.settled_at))
  )
}

/** Cents already asked back through return requests that were not refused. */
export function requestedReturnCents(actions: readonly LedgerAction[]): number {
  return actions
    .filter((action) => action.kind === "return" && action.state !== "failed")
    .reduce((sum, action) => sum + Number((action.payload as { amount_cents?: number }).amount_cents ?? 0), 0)
}

/** The contract's financed amount in cents: its invoice amount once the service reports one. */
export function financedCents(application: LedgerApplication): number {
  const amount = application.invoice_amount ?? application.amount
  return toCents(amount)
}
