import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { requestFinancingReturnWorkflow } from "../../../../../../workflows/merchant/workflows/request-financing-action"
import { requireOrder } from "../../../require-existing"
import { sendAndViewAction } from "../../../send-and-view"
import type { AdminPostFinancingReturn } from "./validators"

/**
 * A return request the merchant asks for by hand, with a reason from the service's list:
 * `{ return_type: "return" | "partial" | "redraft", amount?, return_reason_id?, reason? }` (`amount` is
 * required for a partial return). 404 for an order that does not exist.
 */
export async function POST(req: MedusaRequest<AdminPostFinancingReturn>, res: MedusaResponse) {
  await requireOrder(req.scope, req.params.order_id)
  const { result } = await requestFinancingReturnWorkflow(req.scope).run({
    input: { type: "merchant_return", order_id: req.params.order_id, ...req.validatedBody },
  })
  const action = await sendAndViewAction(req.scope, result.action_ids)
  // A return queued behind one the service has not settled is recorded, but there is nothing to send yet.
  if (!action)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  res.json({ action })
}
