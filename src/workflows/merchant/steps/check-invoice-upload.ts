import { MedusaError } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { invoiceFileIssues } from "../../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface InvoiceUploadInput {
  order_id: string
  filename: string
  mime_type: string
  /** The file's bytes, base64 (as Medusa's File module takes them). */
  content: string
}

/**
 * Checks a merchant's invoice before anything is kept: the order must be financed, and the file must be one
 * the service takes (by content and size, with the configured size limit).
 */
export const checkInvoiceUploadStep = createStep(
  "check-invoice-upload",
  async (input: InvoiceUploadInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    if (!(await financing.ledger.findApplication({ order_id: input.order_id }))) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Order ${input.order_id} was not paid with retail financing.`
      )
    }
    const issues = invoiceFileIssues(
      { filename: input.filename, content: Buffer.from(input.content, "base64") },
      financing.getOptions().invoiceMaxBytes
    )
    if (issues.length > 0) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")
      )
    }
    return new StepResponse(undefined)
  }
)
