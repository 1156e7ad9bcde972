import { ACTION_KIND_ROWS, type ActionState, isActionKind } from "./action-kinds"

/**
 * Why an application needs the merchant, in the store's list of applications. One rule, used for the list's
 * column and mirrored by its "needs attention" filter (queries/application-list-filters.ts), so
 * the two never disagree:
 *   - a post-sale action failed (it waits for a person to fix the cause and retry it);
 *   - an action's outcome is unknown (the plugin is checking whether the service received it);
 *   - a signed contract has no order and the exception is open (void it or mark it resolved);
 *   - the order's completion after signing failed and the plugin is still retrying it (no exception yet).
 */
export type AttentionKind = "action_failed" | "outcome_unknown" | "contract_exception" | "completion_failing"

export interface AttentionReason {
  kind: AttentionKind
  /** One sentence a merchant reads: what is wrong, not how the plugin stores it. */
  text: string
  /** The action concerned, for the first two kinds (its retry button). */
  action_id: string | null
}

/** Action states that need a person: `failed` is final until retried; the other two are an unknown outcome. */
export const ACTION_STATES_NEEDING_ATTENTION = [
  "failed",
  "unknown",
  "checking",
] as const satisfies readonly ActionState[]

const UNKNOWN_OUTCOME_STATES: readonly ActionState[] = ["unknown", "checking"]

export interface AttentionApplication {
  order_id: string | null
  completion_attempts: number
  exception_reason: string | null
  exception_resolution: string | null
  /** The exception's own sentences (the admin view's `exception.description` and `what_to_do`). */
  exception_description?: string | null
  exception_what_to_do?: string | null
}

export interface AttentionAction {
  id: string
  kind: string
  state: string
}

/**
 * What is sent, as a merchant names it (its kind's row, action-kinds.ts); a kind the ledger holds but this
 * code does not know is spelled out from its code.
 */
const whatIsSent = (kind: string): string =>
  isActionKind(kind) ? ACTION_KIND_ROWS[kind].whatIsSent : `the ${kind.replace(/_+/g, " ").trim()}`

/** An open exception: a contract signed without an order, not yet voided or resolved by the merchant. */
export const hasOpenException = (application: AttentionApplication): boolean =>
  application.exception_reason !== null && application.exception_resolution === null

/**
 * The completion after signing failed and no order exists yet. Once an exception is recorded (resolved or
 * not), the exception says what happened instead.
 */
export const isCompletionFailing = (application: AttentionApplication): boolean =>
  application.completion_attempts > 0 &&
  application.order_id === null &&
  application.exception_reason === null

/** Every reason the application needs the merchant, empty when it needs nothing. */
export function attentionOf(
  application: AttentionApplication,
  actions: readonly AttentionAction[]
): AttentionReason[] {
  const reasons: AttentionReason[] = []
  for (const action of actions) {
    if (action.state === "failed") {
      reasons.push({
        kind: "action_failed",
        text: `Sending ${whatIsSent(action.kind)} failed; fix the cause and retry it.`,
        action_id: action.id,
      })
    } else if (UNKNOWN_OUTCOME_STATES.includes(action.state as ActionState)) {
      reasons.push({
        kind: "outcome_unknown",
        text: `It is not known yet whether the financing service received ${whatIsSent(action.kind)}; the plugin is checking.`,
        action_id: action.id,
      })
    }
  }
  if (hasOpenException(application)) {
    reasons.push({
      kind: "contract_exception",
      text: [
        application.exception_description ?? "A signed contract has no order.",
        application.exception_what_to_do,
      ]
        .filter(Boolean)
        .join(" "),
      action_id: null,
    })
  }
  if (isCompletionFailing(application)) {
    const tries = application.completion_attempts
    reasons.push({
      kind: "completion_failing",
      text: `The customer signed, but the order could not be created yet (${tries} ${tries === 1 ? "try" : "tries"}); the plugin keeps trying.`,
      action_id: null,
    })
  }
  return reasons
}
