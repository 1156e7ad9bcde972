import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { runMerchantCause } from "../../../../../../workflows/post-sale/admin-order"
import type { AdminPostFinancingReturn } from "./validators"

/** A return request the merchant asks for by hand, with a reason from the service's list. */
export async function POST(req: MedusaRequest<AdminPostFinancingReturn>, res: MedusaResponse) {
  const action = await runMerchantCause(req.scope, {
    type: "merchant_return",
    order_id: req.params.order_id,
    ...req.validatedBody,
  })
  res.json({ action })
}
