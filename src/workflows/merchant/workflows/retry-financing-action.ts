import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { requeueFinancingActionStep } from "../steps/requeue-financing-action"

export const retryFinancingActionWorkflowId = "retail-financing-retry-action"

/**
 * A merchant's retry of a failed action (after fixing what the service refused): due again now. The route
 * sends it at once.
 */
export const retryFinancingActionWorkflow = createWorkflow(
  retryFinancingActionWorkflowId,
  (input: { action_id: string }) => {
    requeueFinancingActionStep(input)
    return new WorkflowResponse(input)
  }
)
