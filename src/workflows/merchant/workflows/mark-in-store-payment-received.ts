import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import {
  type MarkInStorePaymentReceivedInput,
  markInStorePaymentReceivedStep,
} from "../steps/mark-in-store-payment-received"

export const markInStorePaymentReceivedWorkflowId = "retail-financing-mark-in-store-payment-received"

/**
 * "Mark as received": the merchant took the contract's in-store payment from the shopper. Recorded once,
 * with who did it; answers `{ recorded }`, false when an earlier mark stands.
 *
 * No order lock: the mark sends nothing and changes no money the post-sale planners share (the lock
 * `recordCauseActions` takes guards those); the one write is a single conditional UPDATE, which decides
 * alone between two marks.
 */
export const markInStorePaymentReceivedWorkflow = createWorkflow(
  markInStorePaymentReceivedWorkflowId,
  (input: MarkInStorePaymentReceivedInput) => new WorkflowResponse(markInStorePaymentReceivedStep(input))
)
