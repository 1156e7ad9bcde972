import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"
import { FinancingNotFoundError } from "../../../../lib/financing/errors"
import { findApplicationStage } from "../../../../lib/financing/schemas/statuses"
import { adminServiceFailureAnswer, sendServiceFailure } from "../../../service-failure-answer"
import type { AdminGetPhoneStatus } from "./validators"

/**
 * `?phone=`: the status by phone (endpoint 5), for a merchant looking an application up while on the phone
 * with a shopper; 404 when the service has no application with that phone, 503/504/502 when the service
 * cannot be asked. Spec rule 1 forbids using it to confirm an order, and nothing in the plugin does: orders
 * follow the by-id status.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { phone } = req.validatedQuery as AdminGetPhoneStatus
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  let status
  try {
    status = await financing.getClient().getApplicationStatusByPhone(phone)
  } catch (error) {
    // Finding nothing is an answer, not a failure. The number is not repeated: it is the shopper's.
    if (error instanceof FinancingNotFoundError)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        "The financing service has no application with this phone number."
      )
    const answer = adminServiceFailureAnswer(error)
    if (!answer) throw error
    return sendServiceFailure(res, answer)
  }
  res.json({
    application: {
      public_id: status.publicId,
      status: status.status,
      stage: findApplicationStage(status.status) ?? null,
      approval_amount: status.approvalAmount,
      invoice_amount: status.invoiceAmount,
      partner_display_name: status.financingPartnerDisplayName,
    },
  })
}
