import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface StoreInvoiceFileInput {
  order_id: string
  /** Already made safe (safeInvoiceFilename). */
  filename: string
  mime_type: string
  /** The file's bytes, base64. */
  content: string
}

/**
 * Keeps the merchant's invoice file in the ledger until the service accepts it, where no URL serves it.
 * Compensation deletes it again, so a failed record leaves nothing behind.
 */
export const storeInvoiceFileStep = createStep(
  "store-invoice-file",
  async (input: StoreInvoiceFileInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    // Files the service accepted but whose sender stopped before deleting them go now.
    await financing.invoiceFiles.deleteSent()
    const stored = await financing.invoiceFiles.store({
      order_id: input.order_id,
      filename: input.filename,
      content_type: input.mime_type,
      content: Buffer.from(input.content, "base64"),
    })
    return new StepResponse({ id: stored.id, filename: stored.filename }, stored.id)
  },
  async (fileId, { container }) => {
    if (!fileId) return
    await container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .invoiceFiles.delete([fileId])
  }
)
