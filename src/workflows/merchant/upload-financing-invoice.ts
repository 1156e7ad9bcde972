import { uploadFilesStep } from "@medusajs/medusa/core-flows"
import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import type { PostSaleCause } from "../post-sale/causes"
import { recordCauseActions } from "../post-sale/record-cause-actions"
import { type InvoiceUploadInput, checkInvoiceUploadStep } from "../steps/check-invoice-upload"
import { sendFinancingActionsStep } from "../steps/send-financing-actions"
import { viewFinancingActionStep } from "../steps/view-financing-action"

export const uploadFinancingInvoiceWorkflowId = "retail-financing-upload-invoice"

/**
 * The merchant's own invoice file instead of the generated one. Checked before anything is kept, then kept
 * by Medusa's File module until the service has it (so a retry after an outage sends the same file), and
 * recorded as an invoice action and sent. If recording fails, the stored file is deleted again.
 */
export const uploadFinancingInvoiceWorkflow = createWorkflow(
  uploadFinancingInvoiceWorkflowId,
  (input: InvoiceUploadInput) => {
    checkInvoiceUploadStep(input)
    const stored = uploadFilesStep(
      transform({ input }, ({ input }) => ({
        files: [
          {
            filename: input.filename,
            mimeType: input.mime_type,
            content: input.content,
            access: "private" as const,
          },
        ],
      }))
    )
    const cause = transform({ input, stored }, ({ input, stored }): PostSaleCause => ({
      type: "merchant_invoice",
      order_id: input.order_id,
      file_id: stored[0].id,
      filename: input.filename,
    }))
    const actionIds = recordCauseActions(cause)
    sendFinancingActionsStep({ action_ids: actionIds })
    const action = viewFinancingActionStep(
      transform({ actionIds }, ({ actionIds }) => ({ action_id: actionIds[0] ?? null }))
    )
    return new WorkflowResponse(action)
  }
)
