import { type WorkflowData, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import type { PostSaleCause } from "../utils/causes"
import { recordCauseActions } from "../utils/record-cause-actions"

export const recordPostSaleActionsWorkflowId = "retail-financing-record-post-sale"

/**
 * What the store did after the sale (an order placed, shipped, refunded, returned, canceled or edited)
 * becomes ledger actions for the financing service. Answers the ids to send now, which the caller sends once
 * this has ended (post-sale/utils/send-actions.ts): a failed send never undoes the recording, and an action
 * the service cannot take now stays in the ledger for the send job.
 */
export const recordPostSaleActionsWorkflow = createWorkflow(
  recordPostSaleActionsWorkflowId,
  (input: WorkflowData<{ cause: PostSaleCause }>) => {
    const actionIds = recordCauseActions(input.cause as WorkflowData<PostSaleCause>)
    return new WorkflowResponse({ action_ids: actionIds })
  }
)
