import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { orderFinancingView } from "../../../../../workflows/post-sale/admin-order"

/**
 * The order widget's data: `{ financing: { application, actions } }`, or `{ financing: null }` for an order
 * not paid with financing.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ financing: await orderFinancingView(req.scope, req.params.order_id) })
}
