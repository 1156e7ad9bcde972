import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { isActionKind } from "../../domain/post-sale/action-kinds"
import { describeFailure, isPassingFailure, nextAttemptDelayMs } from "../../domain/post-sale/action-retry"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
  createdApplication,
} from "../../modules/retail-financing"
import { ActionRefusedError } from "../post-sale/perform/context"
import { PERFORMERS } from "../post-sale/perform"

export type SendOutcome = "sent" | "rescheduled" | "failed" | "not_due"

/**
 * Sends one claimed action through its kind's performer and records what happened: done, tried again later
 * with backoff while the service fails or is down, or failed for a person to look at. A failure is recorded,
 * not thrown: a request the service has taken cannot be taken back, so there is nothing to compensate.
 */
export const performFinancingActionStep = createStep(
  "perform-financing-action",
  async ({ action_id }: { action_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const action = await financing.retrieveFinancingAction(action_id, { relations: ["application"] })
    const attempts = action.attempts + 1
    const outcome = (value: SendOutcome) =>
      new StepResponse({ outcome: value, kind: action.kind, application_id: action.application.id })
    try {
      // A kind this version has no performer for (recorded by a newer one) waits for a person, not a retry.
      if (!isActionKind(action.kind))
        throw new ActionRefusedError(`no performer for actions of kind "${action.kind}"`)
      const { result } = await PERFORMERS[action.kind]({
        container,
        client: financing.getClient(),
        options: financing.getOptions(),
        application: createdApplication(action.application),
        action,
      })
      await financing.updateFinancingActions({
        id: action.id,
        state: "succeeded",
        attempts,
        result,
        last_error: null,
        lease_until: null,
        next_attempt_at: null,
        completed_at: new Date(),
      })
      return outcome("sent")
    } catch (error) {
      const passing = !(error instanceof ActionRefusedError) && isPassingFailure(error)
      const lastError = describeFailure(error)
      await financing.updateFinancingActions({
        id: action.id,
        state: passing ? "pending" : "failed",
        attempts,
        last_error: lastError,
        lease_until: null,
        next_attempt_at: passing ? new Date(Date.now() + nextAttemptDelayMs(attempts)) : null,
      })
      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      const what = `retail-financing: ${action.kind} for application ${action.application.public_id} (${action.cause})`
      if (passing) logger.warn(`${what} failed, attempt ${attempts}, will retry: ${lastError}`)
      else logger.error(`${what} was refused and needs a person: ${lastError}`)
      return outcome(passing ? "rescheduled" : "failed")
    }
  }
)
