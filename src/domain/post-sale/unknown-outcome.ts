import { toCents } from "../money"
import { ACTION_KINDS, ACTION_KIND_ROWS, type ActionKind, type UnseeableKind } from "./action-kinds"

/**
 * The service has no idempotency keys, so a request whose answer never came (a timeout, a connection reset
 * after it was sent, a 5xx, a sender killed mid-send) may or may not have been carried out. Such an attempt
 * is "outcome unknown", and before the action is sent again the service is looked at for its effect. These
 * pure rules say what each kind's effect looks like and what is done when the spec gives no way to see it.
 */

/** What a status read showed of the application, as far as an effect check needs it. */
export interface EffectWitness {
  status: string
  /** The contract's invoice amount in cents, when the service gave one. */
  invoice_cents: number | null
  /** When the read was started (ISO). */
  read_at: string
}

/** What became of one attempt; absent while it is in flight (or because its sender died there). */
export type AttemptOutcome =
  /** The service answered and took it. */
  | "accepted"
  /** The service answered and refused it (or the action could not be built): a person looks. */
  | "refused"
  /** It provably never reached the service (refused connection, 429, the status read before it failed). */
  | "not_sent"
  /** It may or may not have reached the service. */
  | "unknown"

export type CheckVerdict =
  /** The effect is there: the unknown attempt was carried out, nothing is sent again. */
  | "applied"
  /** The service shows the state the attempt would have changed, unchanged: sent again. */
  | "absent"
  /** The spec gives no way to see this effect: what is done is the kind's documented choice. */
  | "unseeable"

/** One look at the service for the effect of an attempt whose outcome was unknown. */
export interface EffectCheck {
  at: string
  verdict: CheckVerdict | "failed"
  /** What was seen, in words (a status and an amount, never personal data). */
  seen: string
}

/** One attempt, recorded before its request leaves and completed when its outcome is known. */
export interface ActionAttempt {
  number: number
  started_at: string
  /** Which process sent it (see the ledger's sender identity): a crash is told from a slow sender by it. */
  sender: Record<string, unknown> | null
  /** The service's state read just before sending, for the kinds whose effect can be seen. */
  before: EffectWitness | null
  ended_at?: string
  outcome?: AttemptOutcome
  error?: string
  checks?: EffectCheck[]
}

/** Whether an attempt leaves the action's outcome unknown: it ended so, or its sender died mid-send. */
export function leftOutcomeUnknown(attempt: ActionAttempt | undefined): attempt is ActionAttempt {
  return attempt !== undefined && (attempt.outcome === undefined || attempt.outcome === "unknown")
}

/**
 * Whether a status read shows the kind's effect (spec 2.4), so a read is taken before each send to compare
 * with: its kind's row decides (action-kinds.ts).
 */
export function effectIsVisible(kind: ActionKind): boolean {
  return ACTION_KIND_ROWS[kind].effectIsVisible
}

/** An invoice moves a contract out of SignedWaitingForInvoice to one of these (the sandbox's walk). */
const PAST_INVOICE = new Set(["SignedWaitingForInvoiceApproval", "Signed", "Funded"])
const RETURN_SEEN = new Set(["PendingReturn", "Returned"])

export interface EffectQuestion {
  kind: ActionKind
  payload: Record<string, unknown>
  /** The read taken just before the unknown attempt was sent. */
  before: EffectWitness | null
  /** A read taken now. */
  now: EffectWitness
  /**
   * Statuses the ledger recorded since the attempt started, from reads started after it (a callback's sync):
   * a status the service passed through and left before `now` was read.
   */
  recordedSince: readonly string[]
}

/**
 * Whether the effect of an attempt whose outcome was unknown is at the service.
 *
 * - A return: the application is PendingReturn or Returned (now, or in a status recorded since the attempt
 *   began; the ledger's queue keeps every other return of the application from being open meanwhile), or,
 *   for a Partial, the contract's invoice amount is lower than just before the attempt by exactly its
 *   amount (the service settled it already and went back to the signed status).
 * - An invoice: the contract was in SignedWaitingForInvoice before the attempt and has moved past it. Before
 *   any other status the upload changes nothing a read shows: unseeable.
 * - Delivery information and order references: nothing in a status read shows them: unseeable.
 */
export function effectOfUnknownAttempt(question: EffectQuestion): Exclude<CheckVerdict, never> {
  const { kind, before, now, recordedSince } = question
  const statuses = [...recordedSince, now.status]
  if (kind === "return") {
    if (statuses.some((status) => RETURN_SEEN.has(status))) return "applied"
    const amount = (question.payload as { amount_cents?: number }).amount_cents
    const partial = (question.payload as { request?: { returnType?: number } }).request?.returnType === 4
    if (
      partial &&
      typeof amount === "number" &&
      before?.invoice_cents != null &&
      now.invoice_cents != null &&
      before.invoice_cents - now.invoice_cents === amount
    ) {
      return "applied"
    }
    return "absent"
  }
  if (kind === "invoice") {
    if (before?.status !== "SignedWaitingForInvoice") return "unseeable"
    return statuses.some((status) => PAST_INVOICE.has(status)) ? "applied" : "absent"
  }
  return unseeable(kind)
}

/**
 * The kinds nothing in a status read shows, by their rows. A new kind whose row says its effect is visible
 * reaches here only once `effectOfUnknownAttempt` has a rule for it: the typecheck fails until it does.
 */
const unseeable = (_kind: UnseeableKind): CheckVerdict => "unseeable"

/** What is done when the effect cannot be seen, per kind, and why: its kind's row decides (action-kinds.ts). */
export const UNSEEABLE_EFFECT_CHOICE: Record<ActionKind, string> = Object.fromEntries(
  ACTION_KINDS.map((kind) => [kind, ACTION_KIND_ROWS[kind].unseeableEffectChoice])
) as Record<ActionKind, string>

/** A witness from a status read: the status and the invoice amount in exact cents. */
export function witnessOf(
  read: { status: string; invoiceAmount?: number | null },
  readAt: Date
): EffectWitness {
  return {
    status: read.status,
    invoice_cents: read.invoiceAmount == null ? null : toCents(read.invoiceAmount),
    read_at: readAt.toISOString(),
  }
}

/** The check's finding in words, for the merchant's view of the attempt. */
export function describeWitness(witness: EffectWitness): string {
  const amount =
    witness.invoice_cents == null ? "" : `, invoice amount ${(witness.invoice_cents / 100).toFixed(2)}`
  return `status ${witness.status}${amount}`
}

/** The attempt log as stored (a JSON column, null on actions recorded before it existed). */
export function attemptLogOf(value: unknown): ActionAttempt[] {
  return Array.isArray(value) ? (value as ActionAttempt[]) : []
}
