import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { runMerchantCause } from "../../../../../../workflows/post-sale/admin-order"

/** Sends the delivery information of the order's latest fulfillment again, on the merchant's request. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const action = await runMerchantCause(req.scope, {
    type: "merchant_delivery",
    order_id: req.params.order_id,
  })
  res.json({ action })
}
