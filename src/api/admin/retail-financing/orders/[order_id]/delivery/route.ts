import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { requestFinancingDeliveryWorkflow } from "../../../../../../workflows/merchant/request-financing-action"

/** Sends the delivery information of the order's latest fulfillment again, on the merchant's request. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result: action } = await requestFinancingDeliveryWorkflow(req.scope).run({
    input: { type: "merchant_delivery", order_id: req.params.order_id },
  })
  if (!action)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  res.json({ action })
}
