import type { ActionRecordInput } from "../../../../modules/retail-financing"
import type { FinancedOrder } from "../financed-order"
import { merchantInvoiceReplacing } from "../merchant-invoice-file"
import type { InvoicePayload } from "../perform/invoice"
import type { OrderContext } from "./types"

/**
 * One generated invoice per order, whichever event comes first; none once the merchant uploaded its own
 * invoice for the order (unless it asked for both with `keep_generated`). Planned under the order's lock,
 * so an upload and a fulfilment at the same moment cannot both miss each other.
 */
export async function generatedInvoiceUnlessReplaced(context: OrderContext): Promise<ActionRecordInput[]> {
  const { order, application } = context.financed
  const replacedBy = await merchantInvoiceReplacing(context, application.id, order.id)
  return replacedBy ? [] : [generatedInvoice(context.financed)]
}

function generatedInvoice({ order, application }: FinancedOrder): ActionRecordInput {
  const payload: InvoicePayload = { source: "generated", order_id: order.id }
  return {
    applicationId: application.id,
    kind: "invoice",
    cause: `invoice:${order.id}`,
    summary: `Invoice PDF for order #${order.display_id}`,
    payload,
  }
}
