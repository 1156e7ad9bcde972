import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { requeueFinancingActionStep } from "../steps/requeue-financing-action"
import { sendFinancingActionsStep } from "../../post-sale/steps/send-financing-actions"
import { viewFinancingActionStep } from "../steps/view-financing-action"

export const retryFinancingActionWorkflowId = "retail-financing-retry-action"

/** A merchant's retry of a failed action (after fixing what the service refused), sent at once. */
export const retryFinancingActionWorkflow = createWorkflow(
  retryFinancingActionWorkflowId,
  (input: { action_id: string }) => {
    requeueFinancingActionStep(input)
    sendFinancingActionsStep(transform({ input }, ({ input }) => ({ action_ids: [input.action_id] })))
    return new WorkflowResponse(viewFinancingActionStep(input))
  }
)
