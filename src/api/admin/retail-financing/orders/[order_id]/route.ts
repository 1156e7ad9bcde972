import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { orderFinancingView } from "../../../../../queries/admin-order"
import { requireOrder } from "../../require-existing"

/**
 * The order widget's data: `{ financing: { application, actions } }`, or `{ financing: null }` for an order
 * not paid with financing; 404 for an order that does not exist.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await requireOrder(req.scope, req.params.order_id)
  res.json({ financing: await orderFinancingView(req.scope, req.params.order_id) })
}
