import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { describeFailure } from "../../../domain/post-sale/action-retry"
import type { SendOutcome } from "../steps/perform-financing-action"
import { sendFinancingActionWorkflow } from "../workflows/send-financing-action"

/**
 * Sends actions one after another, each through the send-one workflow, then the returns those sends
 * released. Run by a subscriber, a job or a route after the workflow that recorded the actions has ended
 * (the workflows SDK has no loop over a list known only at run time, and a step never runs a workflow).
 * A failure is recorded on its action (retried later with backoff, or left for a person) rather than
 * thrown, so one unreachable service never stops the others.
 *
 * Nor is a failure inside Medusa thrown (a database connection lost under load, a row read back that is
 * gone): the caller's recording is done and must stand, and the event that asked for it is not delivered
 * again. Such an action stays in the ledger as the send-one workflow left it (due again, or leased until its
 * lease runs out), and the send job takes it.
 */
export async function sendFinancingActions(
  container: MedusaContainer,
  actionIds: readonly string[]
): Promise<Record<string, SendOutcome>> {
  const outcomes: Record<string, SendOutcome> = {}
  const queue = [...actionIds]
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
  return outcomes
}
