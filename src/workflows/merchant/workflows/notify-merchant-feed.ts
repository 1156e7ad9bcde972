import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { type FeedNotificationInput, createFeedNotificationStep } from "../steps/create-feed-notification"

export const notifyMerchantFeedWorkflowId = "retail-financing-notify-merchant-feed"

/** Rings the admin's bell for an opened exception or an action that needs the merchant. */
export const notifyMerchantFeedWorkflow = createWorkflow(
  notifyMerchantFeedWorkflowId,
  (input: FeedNotificationInput & { once_key: string }) =>
    new WorkflowResponse(createFeedNotificationStep(input))
)
