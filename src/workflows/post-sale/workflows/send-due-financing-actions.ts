import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { listDueFinancingActionsStep } from "../steps/list-due-financing-actions"
import { sendFinancingActionsStep } from "../steps/send-financing-actions"

export const sendDueFinancingActionsWorkflowId = "retail-financing-send-due-actions"

/**
 * Sends every action that is due: those retried after backoff, those a merchant retried, returns released
 * when the one before settled, and those a server stopped sending when it went down. The ledger in
 * PostgreSQL is the only memory this needs, so a restart loses nothing.
 */
export const sendDueFinancingActionsWorkflow = createWorkflow(sendDueFinancingActionsWorkflowId, () => {
  const due = listDueFinancingActionsStep()
  return new WorkflowResponse(sendFinancingActionsStep(due))
})
