import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { invoiceFileTypeOf, safeInvoiceFilename } from "../../../lib/financing/schemas"
import type { PostSaleCause } from "../../post-sale/utils/causes"
import { recordCauseActions } from "../../post-sale/utils/record-cause-actions"
import { type InvoiceUploadInput, checkInvoiceUploadStep } from "../steps/check-invoice-upload"
import { storeInvoiceFileStep } from "../steps/store-invoice-file"

export const uploadFinancingInvoiceWorkflowId = "retail-financing-upload-invoice"

export interface UploadFinancingInvoiceInput extends InvoiceUploadInput {
  /** The merchant's file does not replace the generated invoice: both are sent. */
  keep_generated?: boolean
}

/**
 * The merchant's own invoice file, which replaces the generated one for the order unless `keep_generated`.
 * Its name is made safe first (the name stored, shown and sent), it is checked before anything is kept,
 * then kept in the ledger's own table until the service accepts it (so a retry after an outage sends the
 * same file; no URL serves it) and recorded as an invoice action, which the route sends at once (none is
 * recorded when there is nothing to send). If recording fails, the stored file is deleted again.
 */
export const uploadFinancingInvoiceWorkflow = createWorkflow(
  uploadFinancingInvoiceWorkflowId,
  (input: UploadFinancingInvoiceInput) => {
    const upload = transform({ input }, ({ input }) => ({
      ...input,
      filename: safeInvoiceFilename(input.filename),
    }))
    checkInvoiceUploadStep(upload)
    const stored = storeInvoiceFileStep(
      transform({ upload }, ({ upload }) => ({
        order_id: upload.order_id,
        filename: upload.filename,
        // The type the content was checked against, not what the browser claimed.
        mime_type: invoiceFileTypeOf(upload.filename)?.contentType ?? "application/octet-stream",
        content: upload.content,
      }))
    )
    const cause = transform({ upload, stored }, ({ upload, stored }): PostSaleCause => ({
      type: "merchant_invoice",
      order_id: upload.order_id,
      file_id: stored.id,
      filename: stored.filename,
      keep_generated: upload.keep_generated === true,
    }))
    const actionIds = recordCauseActions(cause)
    return new WorkflowResponse(
      transform({ actionIds, stored }, ({ actionIds, stored }) => ({
        action_ids: actionIds,
        filename: stored.filename,
      }))
    )
  }
)
