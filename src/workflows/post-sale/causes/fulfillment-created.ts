import { generatedInvoice } from "./invoice"
import { type CausePlanner, orderIdOfCause } from "./types"

/** The first fulfillment sends the generated invoice, when invoiceOn is "fulfillment". */
export const fulfillmentCreated: CausePlanner<"fulfillment_created"> = {
  orderOf: orderIdOfCause,
  plan: async ({ financing, financed }) =>
    financing.getOptions().invoiceOn === "fulfillment" ? [generatedInvoice(financed)] : [],
}
