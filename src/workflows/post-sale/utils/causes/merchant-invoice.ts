import type { InvoicePayload } from "../perform/invoice"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface MerchantInvoiceCause {
  type: "merchant_invoice"
  order_id: string
  file_id: string
  filename: string
  /** The merchant asked for the generated invoice to be sent as well. */
  keep_generated?: boolean
}

/**
 * The merchant's own invoice file, already stored in the ledger: one action per stored file. Unless
 * `keep_generated`, it replaces the generated invoice for the order (see ./invoice.ts).
 */
export const merchantInvoice: CausePlanner<MerchantInvoiceCause> = {
  orderOf: orderIdOfCause,
  requiresFinancing: true,
  plan: async ({ cause, financed }) => {
    const payload: InvoicePayload = {
      source: "file",
      order_id: cause.order_id,
      file_id: cause.file_id,
      filename: cause.filename,
      keep_generated: cause.keep_generated === true,
      stored_in: "ledger",
    }
    return [
      {
        applicationId: financed.application.id,
        kind: "invoice",
        cause: `invoice:${cause.order_id}:file:${cause.file_id}`,
        summary: cause.keep_generated
          ? `Invoice file ${cause.filename} uploaded by the merchant (the generated invoice is sent too)`
          : `Invoice file ${cause.filename} uploaded by the merchant (replaces the generated invoice)`,
        payload: { ...payload },
      },
    ]
  },
}
