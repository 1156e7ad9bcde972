import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { sendFinancingActionWorkflow } from "../workflows/send-financing-action"
import type { SendOutcome } from "./perform-financing-action"

/**
 * Sends actions one after another, each through the send-one workflow, then the returns those sends
 * released. A failure is recorded on its action (retried later with backoff, or left for a person) rather
 * than thrown, so one unreachable service never undoes what was recorded.
 */
export const sendFinancingActionsStep = createStep(
  "send-financing-actions",
  async (input: { action_ids: string[] }, { container }) => {
    const outcomes: Record<string, SendOutcome> = {}
    const queue = [...(input.action_ids ?? [])]
    const requested = new Set(queue)
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const { result } = await sendFinancingActionWorkflow(container).run({ input: { action_id: id } })
      if (requested.has(id)) outcomes[id] = result.outcome
      queue.push(...result.released_action_ids)
    }
    return new StepResponse(outcomes)
  }
)
