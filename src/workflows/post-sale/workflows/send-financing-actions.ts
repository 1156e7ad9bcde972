import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { sendFinancingActionsStep } from "../steps/send-financing-actions"

export const sendFinancingActionsWorkflowId = "retail-financing-send-actions"

/** Sends the given ledger actions that are due, then any returns they release. */
export const sendFinancingActionsWorkflow = createWorkflow(
  sendFinancingActionsWorkflowId,
  (input: { action_ids: string[] }) => new WorkflowResponse(sendFinancingActionsStep(input))
)
