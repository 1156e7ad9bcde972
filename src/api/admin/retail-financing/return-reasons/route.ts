import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"
import { adminServiceFailureAnswer, sendServiceFailure } from "../../../service-failure-answer"

/** The service's return reasons (endpoint 12), for the widget's return form; 503/504/502 when it fails. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  let reasons
  try {
    reasons = await financing.getClient().listReturnReasons()
  } catch (error) {
    const answer = adminServiceFailureAnswer(error)
    if (!answer) throw error
    return sendServiceFailure(res, answer)
  }
  res.json({
    return_reasons: reasons.map((reason) => ({
      public_id: reason.publicId,
      description: reason.description,
    })),
  })
}
