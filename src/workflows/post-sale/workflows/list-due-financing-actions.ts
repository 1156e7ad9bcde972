import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { listDueFinancingActionsStep } from "../steps/list-due-financing-actions"

export const listDueFinancingActionsWorkflowId = "retail-financing-list-due-actions"

/**
 * The actions that are due, for the send job to send (post-sale/utils/send-actions.ts): those retried after
 * backoff, those a merchant retried, returns released when the one before settled, and those a server
 * stopped sending when it went down (whose lease it expires here). The ledger in PostgreSQL is the only
 * memory this needs, so a restart loses nothing.
 */
export const listDueFinancingActionsWorkflow = createWorkflow(listDueFinancingActionsWorkflowId, () => {
  return new WorkflowResponse(listDueFinancingActionsStep())
})
