import {
  type WorkflowData,
  WorkflowResponse,
  createWorkflow,
  transform,
} from "@medusajs/framework/workflows-sdk"

import type { CauseOf, PostSaleCause } from "../../post-sale/utils/causes"
import { recordCauseActions } from "../../post-sale/utils/record-cause-actions"
import { sendFinancingActionsStep } from "../../post-sale/steps/send-financing-actions"
import { viewFinancingActionStep } from "../steps/view-financing-action"

export const requestFinancingDeliveryWorkflowId = "retail-financing-request-delivery"
export const requestFinancingReturnWorkflowId = "retail-financing-request-return"

/**
 * A merchant's request from the order widget, recorded and sent at once. Answers the recorded action as
 * it stands after the send, or null when nothing was recorded to send (a return waiting behind another).
 */
function recordSendAndView(cause: WorkflowData<PostSaleCause>) {
  const actionIds = recordCauseActions(cause)
  sendFinancingActionsStep({ action_ids: actionIds })
  return viewFinancingActionStep(
    transform({ actionIds }, ({ actionIds }) => ({ action_id: actionIds[0] ?? null }))
  )
}

/** Sends the delivery information of the order's latest fulfillment again, on the merchant's request. */
export const requestFinancingDeliveryWorkflow = createWorkflow(
  requestFinancingDeliveryWorkflowId,
  (input: WorkflowData<CauseOf<"merchant_delivery">>) =>
    new WorkflowResponse(recordSendAndView(input as WorkflowData<PostSaleCause>))
)

/** A return request the merchant asks for by hand, with a reason from the service's list. */
export const requestFinancingReturnWorkflow = createWorkflow(
  requestFinancingReturnWorkflowId,
  (input: WorkflowData<CauseOf<"merchant_return">>) =>
    new WorkflowResponse(recordSendAndView(input as WorkflowData<PostSaleCause>))
)
