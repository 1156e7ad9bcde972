import { type WorkflowData, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import type { PostSaleCause } from "../utils/causes"
import { recordCauseActions } from "../utils/record-cause-actions"
import { sendFinancingActionsStep } from "../steps/send-financing-actions"

export const recordPostSaleActionsWorkflowId = "retail-financing-record-post-sale"

/**
 * What the store did after the sale (an order placed, shipped, refunded, returned, canceled or edited)
 * becomes ledger actions for the financing service, which are then sent. An action the service cannot take
 * now stays in the ledger and the send job tries it again.
 */
export const recordPostSaleActionsWorkflow = createWorkflow(
  recordPostSaleActionsWorkflowId,
  (input: WorkflowData<{ cause: PostSaleCause }>) => {
    const actionIds = recordCauseActions(input.cause as WorkflowData<PostSaleCause>)
    const outcomes = sendFinancingActionsStep({ action_ids: actionIds })
    return new WorkflowResponse({ action_ids: actionIds, outcomes })
  }
)
