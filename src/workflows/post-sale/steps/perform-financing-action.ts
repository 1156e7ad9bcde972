import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { ActionNeedsAttentionData } from "../../../domain/events/financing-events"
import { isActionKind } from "../../../domain/post-sale/action-kinds"
import { describeFailure, isPassingFailure, nextAttemptDelayMs } from "../../../domain/post-sale/action-retry"
import {
  type ActionAttempt,
  type AttemptOutcome,
  attemptLogOf,
  effectIsVisible,
  leftOutcomeUnknown,
} from "../../../domain/post-sale/unknown-outcome"
import { FinancingError } from "../../../lib/financing/errors"
import { classifyFailure } from "../../../lib/financing/retry-policy"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
  createdApplication,
} from "../../../modules/retail-financing"
import { currentSender } from "../../../modules/retail-financing/sender-identity"
import { checkUnknownAttempt, readWitness } from "../utils/check-effect"
import { ActionRefusedError } from "../utils/perform/context"
import { PERFORMERS } from "../utils/perform"

export type SendOutcome = "sent" | "rescheduled" | "failed" | "not_due"

/** What a failed request means for the action: the service may have acted only in the "unknown" case. */
function outcomeOfFailure(error: unknown): Exclude<AttemptOutcome, "accepted"> {
  if (error instanceof ActionRefusedError) return "refused"
  if (error instanceof FinancingError) {
    const kind = classifyFailure(error)
    if (kind === "ambiguous") return "unknown"
    if (kind === "not-sent") return "not_sent"
    return isPassingFailure(error) ? "not_sent" : "refused"
  }
  // Not the service's answer (a bug, the database blinking): thrown before the request left or after its
  // answer was read, so the service either never saw it or its answer was already taken into account.
  return isPassingFailure(error) ? "not_sent" : "refused"
}

/**
 * Sends one claimed action through its kind's performer and records what happened: done, tried again later
 * with backoff while the service fails or is down, or failed for a person to look at. A failure is recorded,
 * not thrown: a request the service has taken cannot be taken back, so there is nothing to compensate.
 *
 * The service has no idempotency keys, so an attempt whose answer never came (a timeout, a reset after
 * sending, a 5xx, a sender that died mid-send) is never simply repeated: the next sender first looks at the
 * service for its effect (post-sale/check-effect.ts) and sends again only when it is absent, or, for the
 * kinds whose effect no read shows, as their documented choice says. Every attempt is written to the
 * action's attempt log before its request leaves, and its outcome and any check after.
 */
export const performFinancingActionStep = createStep(
  "perform-financing-action",
  async ({ action_id }: { action_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const action = await financing.retrieveFinancingAction(action_id, { relations: ["application"] })
    const application = createdApplication(action.application)
    // The service answers a store's token only about that store's applications.
    const client = financing.getClient(application.store_code)
    const log = attemptLogOf(action.attempt_log)
    const what = `retail-financing: ${action.kind} for application ${application.public_id} (${action.cause})`
    const outcome = (value: SendOutcome, attention: ActionNeedsAttentionData[] = []) =>
      new StepResponse({ outcome: value, kind: action.kind, application_id: application.id, attention })
    const queue = financing.actions
    // The action as last written: each move of its state starts from there.
    let seen: Pick<typeof action, "id" | "state"> = action
    const later = () => new Date(Date.now() + nextAttemptDelayMs(Math.max(1, log.length)))

    // The last attempt may have reached the service: look for its effect before anything is sent again.
    let before = null as ActionAttempt["before"]
    const unknown = log.at(-1)
    if (leftOutcomeUnknown(unknown) && isActionKind(action.kind)) {
      try {
        const { check, now } = await checkUnknownAttempt(client, application, action, unknown)
        unknown.checks = [...(unknown.checks ?? []), check]
        if (unknown.outcome === undefined) {
          // Its sender died before recording an outcome: that attempt's outcome is unknown.
          unknown.outcome = "unknown"
          unknown.error = "its sender stopped before the answer was recorded"
        }
        if (check.verdict === "applied") {
          await queue.succeed(seen, {
            log,
            result: `carried out by attempt ${unknown.number} (seen at the service: ${check.seen})`,
          })
          logger.info(`${what}: attempt ${unknown.number}'s effect is at the service; not sent again`)
          // An uploaded invoice the service has is kept no longer (performInvoice deletes it when it sends).
          if (action.kind === "invoice") await financing.invoiceFiles.deleteSent()
          return outcome("sent")
        }
        before = now
      } catch (error) {
        const lastError = `the effect of attempt ${unknown.number} could not be checked: ${describeFailure(error)}`
        unknown.checks = [
          ...(unknown.checks ?? []),
          { at: new Date().toISOString(), verdict: "failed", seen: describeFailure(error) },
        ]
        unknown.outcome ??= "unknown"
        await queue.outcomeUnknown(seen, { log, lastError, dueAt: later(), countAttempt: false })
        logger.warn(`${what}: ${lastError}; will check again`)
        return outcome("rescheduled")
      }
    }

    const attempt: ActionAttempt = {
      number: log.length + 1,
      started_at: new Date().toISOString(),
      sender: currentSender() as unknown as Record<string, unknown>,
      before,
    }
    try {
      // A kind this version has no performer for (recorded by a newer one) waits for a person, not a retry.
      if (!isActionKind(action.kind))
        throw new ActionRefusedError(`no performer for actions of kind "${action.kind}"`)
      // What the effect will be compared with if this attempt's answer is lost.
      if (effectIsVisible(action.kind) && !attempt.before) {
        attempt.before = await readWitness(client, application.public_id)
      }
      log.push(attempt)
      seen = await queue.startAttempt(seen, log)
      const { result } = await PERFORMERS[action.kind]({
        container,
        client,
        options: financing.getOptions(),
        application,
        action,
      })
      Object.assign(attempt, { ended_at: new Date().toISOString(), outcome: "accepted" })
      await queue.succeed(seen, { log, result })
      return outcome("sent")
    } catch (error) {
      const lastError = describeFailure(error)
      // A failure before the attempt was logged (the read before it) sent nothing; it is logged as such.
      const requested = log.includes(attempt)
      const failure =
        requested || outcomeOfFailure(error) !== "unknown" ? outcomeOfFailure(error) : "not_sent"
      if (!requested) log.push(attempt)
      Object.assign(attempt, { ended_at: new Date().toISOString(), outcome: failure, error: lastError })
      if (failure === "refused") {
        await queue.fail(seen, { log, lastError })
        logger.error(`${what} was refused and needs a person: ${lastError}`)
        // Told once: this sender holds the claim, and `fail` moves the action out of its claimed state.
        return outcome("failed", [
          {
            id: action.id,
            application_id: application.id,
            order_id: application.order_id,
            kind: action.kind,
            reason: lastError,
          },
        ])
      }
      if (failure === "unknown") {
        await queue.outcomeUnknown(seen, {
          log,
          lastError: `outcome unknown: ${lastError}`,
          dueAt: later(),
          countAttempt: true,
        })
        logger.warn(
          `${what}: attempt ${attempt.number}'s outcome is unknown (${lastError}); will check, then retry`
        )
      } else {
        await queue.retry(seen, { log, lastError, dueAt: later() })
        logger.warn(`${what} failed, attempt ${attempt.number}, will retry: ${lastError}`)
      }
      return outcome("rescheduled")
    }
  }
)
