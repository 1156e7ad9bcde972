import type { ActionKind } from "../../../domain/post-sale/action-kinds"
import {
  type ActionAttempt,
  type EffectCheck,
  type EffectWitness,
  UNSEEABLE_EFFECT_CHOICE,
  describeWitness,
  effectIsVisible,
  effectOfUnknownAttempt,
  witnessOf,
} from "../../../domain/post-sale/unknown-outcome"
import type { FinancingClient } from "../../../lib/financing/client"
import type { CreatedApplication, LedgerAction } from "../../../modules/retail-financing"
import { statusHistoryOf } from "../../../modules/retail-financing/application-record"

/** Reads the application's status now, as a witness to compare with (or to keep as the next attempt's before). */
export async function readWitness(client: FinancingClient, publicId: string): Promise<EffectWitness> {
  const readAt = new Date()
  return witnessOf(await client.getApplicationStatus(publicId), readAt)
}

export interface CheckResult {
  check: EffectCheck
  /** The read the check made, reused as the next attempt's `before` when it sends again. */
  now: EffectWitness | null
}

/**
 * Looks at the service for the effect of an attempt whose outcome is unknown. For a kind whose effect no
 * read shows, no read is made: the verdict is "unseeable" and the kind's documented choice applies. A read
 * that fails throws: nothing may be sent until the effect has been looked at.
 */
export async function checkUnknownAttempt(
  client: FinancingClient,
  application: CreatedApplication,
  action: LedgerAction,
  attempt: ActionAttempt
): Promise<CheckResult> {
  const kind = action.kind as ActionKind
  const at = new Date().toISOString()
  if (!effectIsVisible(kind)) {
    return { check: { at, verdict: "unseeable", seen: UNSEEABLE_EFFECT_CHOICE[kind] }, now: null }
  }
  const now = await readWitness(client, application.public_id)
  const startedAt = new Date(attempt.started_at).getTime()
  const recordedSince = statusHistoryOf(application)
    .filter((entry) => new Date(entry.at).getTime() >= startedAt)
    .map((entry) => entry.status)
  const verdict = effectOfUnknownAttempt({
    kind,
    payload: action.payload,
    before: attempt.before,
    now,
    recordedSince,
  })
  const before = attempt.before ? `before: ${describeWitness(attempt.before)}; ` : ""
  const seen = `${before}now: ${describeWitness(now)}${
    verdict === "unseeable" ? `; ${UNSEEABLE_EFFECT_CHOICE[kind]}` : ""
  }`
  return { check: { at, verdict, seen }, now }
}
