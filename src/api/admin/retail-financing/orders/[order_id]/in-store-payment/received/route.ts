import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { orderFinancingView } from "../../../../../../../queries/admin-order"
import { markInStorePaymentReceivedWorkflow } from "../../../../../../../workflows/merchant/workflows/mark-in-store-payment-received"
import { requireOrder } from "../../../../require-existing"

/**
 * "Mark as received": the shopper paid the store the contract's in-store payment. Recorded once with the
 * admin user; a second mark keeps the first (`already_recorded: true`). Answers the widget's data,
 * `{ financing, already_recorded }`. 404 for an order that does not exist or was not paid with financing;
 * 400 when nothing is owed (no in-store payment, no signed contract, a contract returned whole, a canceled
 * order).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await requireOrder(req.scope, req.params.order_id)
  const { result } = await markInStorePaymentReceivedWorkflow(req.scope).run({
    input: { order_id: req.params.order_id, actor_id: req.auth_context.actor_id },
  })
  res.json({
    financing: await orderFinancingView(req.scope, req.params.order_id),
    already_recorded: !result.recorded,
  })
}
