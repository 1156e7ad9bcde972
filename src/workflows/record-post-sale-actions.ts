import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import type { PostSaleCause } from "./post-sale/record-cause"
import { recordPostSaleActionsStep } from "./steps/record-post-sale-actions"
import { sendFinancingActionsStep } from "./steps/send-financing-actions"

export const recordPostSaleActionsWorkflowId = "retail-financing-record-post-sale"

/**
 * What the store did after the sale (an order placed, shipped, refunded, returned, canceled or edited, or a
 * merchant's request from the admin) becomes ledger actions for the financing service, which are then sent.
 * An action the service cannot take now stays in the ledger and the send job tries it again.
 */
export const recordPostSaleActionsWorkflow = createWorkflow(
  recordPostSaleActionsWorkflowId,
  (input: { cause: PostSaleCause }) => {
    const actionIds = recordPostSaleActionsStep(input)
    const outcomes = sendFinancingActionsStep({ action_ids: actionIds })
    return new WorkflowResponse({ action_ids: actionIds, outcomes })
  }
)
