import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { uploadFinancingInvoiceWorkflow } from "../../../../../../workflows/merchant/upload-financing-invoice"

type UploadedFile = { originalname: string; buffer: Buffer; mimetype: string }

/**
 * The merchant's own invoice instead of the generated one, as the multipart part `file`: a spec 2.9 type
 * checked by its content, at most `invoiceMaxBytes` (the upload workflow checks it).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const file = (req as MedusaRequest & { file?: UploadedFile }).file
  if (!file)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "file is required (a multipart part named file)")
  const { result: action } = await uploadFinancingInvoiceWorkflow(req.scope).run({
    input: {
      order_id: req.params.order_id,
      filename: file.originalname,
      mime_type: file.mimetype,
      content: file.buffer.toString("base64"),
    },
  })
  if (!action)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  res.json({ action })
}
