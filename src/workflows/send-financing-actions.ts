import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { sendFinancingActionsStep } from "./steps/send-financing-actions"

export const sendFinancingActionsWorkflowId = "retail-financing-send-actions"

/** Sends ledger actions that are due: retries after backoff, a merchant's retry, queued returns released. */
export const sendFinancingActionsWorkflow = createWorkflow(
  sendFinancingActionsWorkflowId,
  (input: { action_ids: string[] }) => new WorkflowResponse(sendFinancingActionsStep(input))
)
