import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { followOpenReturnsStep } from "../steps/follow-open-returns"
import { sendFinancingActionsStep } from "../steps/send-financing-actions"

export const followOpenReturnsWorkflowId = "retail-financing-follow-open-returns"

/**
 * A captured contract's session is closed, so the session reconciliation no longer reads it; but a return
 * request is still open at the service until it settles, and a lost callback would leave the ledger in
 * PendingReturn and the next return waiting for ever. Each such application's status is read by id and
 * recorded, which settles what the service settled, and the return that was waiting for it is sent.
 */
export const followOpenReturnsWorkflow = createWorkflow(followOpenReturnsWorkflowId, () => {
  const followed = followOpenReturnsStep()
  sendFinancingActionsStep(
    transform({ followed }, ({ followed }) => ({ action_ids: followed.released_action_ids }))
  )
  return new WorkflowResponse(transform({ followed }, ({ followed }) => followed.report))
})
