import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { describeFailure } from "../../../domain/post-sale/action-retry"
import { sendFinancingActionWorkflow } from "../workflows/send-financing-action"
import type { SendOutcome } from "./perform-financing-action"

/**
 * Sends actions one after another, each through the send-one workflow, then the returns those sends
 * released. A failure is recorded on its action (retried later with backoff, or left for a person) rather
 * than thrown, so one unreachable service never undoes what was recorded.
 *
 * Nor does a failure inside Medusa (a database connection lost under load, a row read back that is gone):
 * thrown from here, it would undo the recording step before it, deleting actions that may already have
 * reached the service, and the event that asked for them is not delivered again. Such an action stays in
 * the ledger as the send-one workflow left it (due again, or leased until its lease runs out), and the send
 * job takes it.
 */
export const sendFinancingActionsStep = createStep(
  "send-financing-actions",
  async (input: { action_ids: string[] }, { container }) => {
    const outcomes: Record<string, SendOutcome> = {}
    const queue = [...(input.action_ids ?? [])]
    const requested = new Set(queue)
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const { result } = await sendFinancingActionWorkflow(container).run({ input: { action_id: id } })
        if (requested.has(id)) outcomes[id] = result.outcome
        queue.push(...result.released_action_ids)
      } catch (error) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `retail-financing: action ${id} was recorded but its send failed (${describeFailure(error)}); ` +
              "it stays in the ledger and the send job tries it again."
          )
        if (requested.has(id)) outcomes[id] = "rescheduled"
      }
    }
    return new StepResponse(outcomes)
  }
)
