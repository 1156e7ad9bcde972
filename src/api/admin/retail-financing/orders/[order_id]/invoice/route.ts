import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import { invoiceFileIssues } from "../../../../../../lib/financing/schemas"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../../modules/retail-financing"
import { runMerchantCause } from "../../../../../../workflows/post-sale/admin-order"

type UploadedFile = { originalname: string; buffer: Buffer; mimetype: string }

/**
 * The merchant's own invoice file instead of the generated one. It is checked by content and size before
 * anything is kept, then kept by Medusa's File module until the service has it, so a retry after an outage
 * sends the same file.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const file = (req as MedusaRequest & { file?: UploadedFile }).file
  if (!file)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "file is required (a multipart part named file)")
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  if (!(await financing.findApplication({ order_id: req.params.order_id }))) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${req.params.order_id} was not paid with retail financing.`
    )
  }
  const issues = invoiceFileIssues(
    { filename: file.originalname, content: file.buffer },
    financing.getOptions().invoiceMaxBytes
  )
  if (issues.length > 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")
    )
  }
  const [stored] = await req.scope.resolve(Modules.FILE).createFiles([
    {
      filename: file.originalname,
      mimeType: file.mimetype,
      content: file.buffer.toString("base64"),
      access: "private",
    },
  ])
  const action = await runMerchantCause(req.scope, {
    type: "merchant_invoice",
    order_id: req.params.order_id,
    file_id: stored.id,
    filename: file.originalname,
  })
  res.json({ action })
}
