import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { followOpenReturnsStep } from "../steps/follow-open-returns"

export const followOpenReturnsWorkflowId = "retail-financing-follow-open-returns"

/**
 * A captured contract's session is closed, so the session reconciliation no longer reads it; but a return
 * request is still open at the service until it settles, and a lost callback would leave the ledger in
 * PendingReturn and the next return waiting for ever. Each such application's status is read by id and
 * recorded, which settles what the service settled. Answers the report and the returns that were waiting,
 * released now: the caller sends them (post-sale/utils/send-actions.ts).
 */
export const followOpenReturnsWorkflow = createWorkflow(followOpenReturnsWorkflowId, () => {
  return new WorkflowResponse(followOpenReturnsStep())
})
