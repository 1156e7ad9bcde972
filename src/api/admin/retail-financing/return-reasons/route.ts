import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"

/** The service's return reasons (endpoint 12), for the widget's return form. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const reasons = await financing.getClient().listReturnReasons()
  res.json({
    return_reasons: reasons.map((reason) => ({
      public_id: reason.publicId,
      description: reason.description,
    })),
  })
}
