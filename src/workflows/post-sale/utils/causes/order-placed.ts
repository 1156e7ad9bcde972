import type { OrderReferencesPayload } from "../perform/order-references"
import { generatedInvoiceUnlessReplaced } from "./invoice"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface OrderPlacedCause {
  type: "order_placed"
  order_id: string
}

/** Tells the service the order's number and id, and sends the invoice now if so configured. */
export const orderPlaced: CausePlanner<OrderPlacedCause> = {
  events: {
    "order.placed": {
      description:
        "Order references: the order's display number and its id (endpoint 10); the invoice too (endpoint 8) " +
        "when `invoiceOn` is `order_placed`.",
      oncePer: "order",
      toCause: (data: { id: string }) => ({ type: "order_placed", order_id: data.id }),
    },
  },
  orderOf: orderIdOfCause,
  plan: async (context) => {
    const { order, application } = context.financed
    const payload: OrderReferencesPayload = { orders: [String(order.display_id), order.id] }
    const references = {
      applicationId: application.id,
      kind: "order_references" as const,
      cause: `order_references:${order.id}`,
      summary: `Order #${order.display_id} (${order.id})`,
      payload: { ...payload },
    }
    const invoiceNow = context.financing.getOptions().invoiceOn === "order_placed"
    return invoiceNow ? [references, ...(await generatedInvoiceUnlessReplaced(context))] : [references]
  },
}
