import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { uploadFinancingInvoiceWorkflow } from "../../../../../../workflows/merchant/workflows/upload-financing-invoice"
import { sendAndViewAction } from "../../../send-and-view"

type UploadedFile = { originalname: string; buffer: Buffer; mimetype: string }

/**
 * The merchant's own invoice, which replaces the generated one for the order: the multipart part `file`, a
 * spec 2.9 type checked by its content, at most `invoiceMaxBytes`, its name made safe (printable ASCII, at
 * most 100 characters, extension kept; the answer's `filename`). The field `keep_generated=true` sends the
 * generated invoice as well. Kept in the ledger, served by no URL, deleted once the service accepts it.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const file = (req as MedusaRequest & { file?: UploadedFile }).file
  if (!file)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "file is required (a multipart part named file)")
  const { result } = await uploadFinancingInvoiceWorkflow(req.scope).run({
    input: {
      order_id: req.params.order_id,
      filename: file.originalname,
      mime_type: file.mimetype,
      content: file.buffer.toString("base64"),
      keep_generated: keepGenerated((req.body as Record<string, unknown> | undefined)?.keep_generated),
    },
  })
  const action = await sendAndViewAction(req.scope, result.action_ids)
  if (!action)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  res.json({ action, filename: result.filename })
}

function keepGenerated(value: unknown): boolean {
  if (value === undefined || value === "false") return false
  if (value === "true") return true
  throw new MedusaError(MedusaError.Types.INVALID_DATA, 'keep_generated must be "true" or "false"')
}
