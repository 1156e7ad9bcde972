import { generatedInvoiceUnlessReplaced } from "./invoice"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface FulfillmentCreatedCause {
  type: "fulfillment_created"
  order_id: string
  fulfillment_id: string
}

/** The first fulfillment sends the generated invoice, when invoiceOn is "fulfillment". */
export const fulfillmentCreated: CausePlanner<FulfillmentCreatedCause> = {
  events: {
    "order.fulfillment_created": {
      description:
        "The invoice (endpoint 8), on the first fulfillment unless `invoiceOn` is `order_placed` or the " +
        "merchant's own invoice was uploaded before (it replaces this one): a PDF " +
        "generated with pdfkit from the order: store, order number and date, customer, the application's own " +
        "lines, subtotal, sales tax, total.",
      oncePer: "order",
      toCause: (data: { order_id: string; fulfillment_id: string }) => ({
        type: "fulfillment_created",
        order_id: data.order_id,
        fulfillment_id: data.fulfillment_id,
      }),
    },
  },
  orderOf: orderIdOfCause,
  plan: async (context) =>
    context.financing.getOptions().invoiceOn === "fulfillment" ? generatedInvoiceUnlessReplaced(context) : [],
}
