import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { type SendOutcome, sendAction } from "../post-sale/send-action"

/**
 * Sends recorded actions one after another. A failure is recorded on its action (retried later with backoff,
 * or left for a person) rather than thrown, so one unreachable service never undoes what was recorded.
 */
export const sendFinancingActionsStep = createStep(
  "send-financing-actions",
  async (input: { action_ids: string[] }, { container }) => {
    const outcomes: Record<string, SendOutcome> = {}
    for (const id of input.action_ids) outcomes[id] = (await sendAction(container, id)).outcome
    return new StepResponse(outcomes)
  }
)
