import type { ActionRecordInput } from "../../../modules/retail-financing"
import type { FinancedOrder } from "../financed-order"
import type { InvoicePayload } from "../perform/invoice"

/** One generated invoice per order, whichever event comes first. */
export function generatedInvoice({ order, application }: FinancedOrder): ActionRecordInput {
  const payload: InvoicePayload = { source: "generated", order_id: order.id }
  return {
    applicationId: application.id,
    kind: "invoice",
    cause: `invoice:${order.id}`,
    summary: `Invoice PDF for order #${order.display_id}`,
    payload,
  }
}
