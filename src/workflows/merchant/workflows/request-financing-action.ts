import { type WorkflowData, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import type { CauseOf, PostSaleCause } from "../../post-sale/utils/causes"
import { recordCauseActions } from "../../post-sale/utils/record-cause-actions"

export const requestFinancingDeliveryWorkflowId = "retail-financing-request-delivery"
export const requestFinancingReturnWorkflowId = "retail-financing-request-return"

/*
 * A merchant's request from the order widget, recorded. Each answers the ids to send now, which the route
 * sends at once: none when nothing was recorded to send (a return waiting behind another).
 */

/** Sends the delivery information of the order's latest fulfillment again, on the merchant's request. */
export const requestFinancingDeliveryWorkflow = createWorkflow(
  requestFinancingDeliveryWorkflowId,
  (input: WorkflowData<CauseOf<"merchant_delivery">>) =>
    new WorkflowResponse({ action_ids: recordCauseActions(input as WorkflowData<PostSaleCause>) })
)

/** A return request the merchant asks for by hand, with a reason from the service's list. */
export const requestFinancingReturnWorkflow = createWorkflow(
  requestFinancingReturnWorkflowId,
  (input: WorkflowData<CauseOf<"merchant_return">>) =>
    new WorkflowResponse({ action_ids: recordCauseActions(input as WorkflowData<PostSaleCause>) })
)
