import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { requestFinancingDeliveryWorkflow } from "../../../../../../workflows/merchant/workflows/request-financing-action"
import { requireOrder } from "../../../require-existing"
import { sendAndViewAction } from "../../../send-and-view"

/**
 * Sends the delivery information of the order's latest fulfillment again, on the merchant's request; 404 for
 * an order that does not exist.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  await requireOrder(req.scope, req.params.order_id)
  const { result } = await requestFinancingDeliveryWorkflow(req.scope).run({
    input: { type: "merchant_delivery", order_id: req.params.order_id },
  })
  const action = await sendAndViewAction(req.scope, result.action_ids)
  if (!action)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  res.json({ action })
}
