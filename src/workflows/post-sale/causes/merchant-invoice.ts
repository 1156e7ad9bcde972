import type { InvoicePayload } from "../perform/invoice"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface MerchantInvoiceCause {
  type: "merchant_invoice"
  order_id: string
  file_id: string
  filename: string
}

/** The merchant's own invoice file, already stored by the File module: one action per stored file. */
export const merchantInvoice: CausePlanner<MerchantInvoiceCause> = {
  orderOf: orderIdOfCause,
  requiresFinancing: true,
  plan: async ({ cause, financed }) => {
    const payload: InvoicePayload = {
      source: "file",
      order_id: cause.order_id,
      file_id: cause.file_id,
      filename: cause.filename,
    }
    return [
      {
        applicationId: financed.application.id,
        kind: "invoice",
        cause: `invoice:${cause.order_id}:file:${cause.file_id}`,
        summary: `Invoice file ${cause.filename} uploaded by the merchant`,
        payload,
      },
    ]
  },
}
