import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { orderFinancingView } from "../../../../../queries/admin-order"
import { followLenderOnView } from "../../../../../workflows/checkout/utils/follow-lender-on-view"
import { requireOrder } from "../../require-existing"

/**
 * The order widget's data: `{ financing: { application, actions } }`, or `{ financing: null }` for an order
 * not paid with financing; 404 for an order that does not exist. A contract awaiting funding or a return's
 * settlement is read at the service first, at most once a minute per application.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await requireOrder(req.scope, req.params.order_id)
  const financing = await orderFinancingView(req.scope, req.params.order_id)
  // A contract awaiting funding or a return's settlement is read at the service (at most once a minute).
  const read = financing ? await followLenderOnView(req.scope, [financing.application]) : 0
  res.json({ financing: read > 0 ? await orderFinancingView(req.scope, req.params.order_id) : financing })
}
