import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import type { PhoneStatusResponse } from "../../../../domain/admin-api/types"
import { FinancingNotFoundError } from "../../../../lib/financing/errors"
import { lookUpApplicationByPhone } from "../../../../queries/phone-status-lookup"
import { adminServiceFailureAnswer, sendServiceFailure } from "../../../service-failure-answer"
import type { AdminGetPhoneStatus } from "./validators"

/**
 * `?phone=`: the status by phone (endpoint 5), for a merchant looking an application up while on the phone
 * with a shopper, with the store's own record of it (`ledger`: its id and order, null when the store has
 * none); 404 when the service has no application with that phone, 503/504/502 when the service cannot be
 * asked. Spec rule 1 forbids using it to confirm an order, and nothing in the plugin does: orders follow the
 * by-id status.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { phone } = req.validatedQuery as AdminGetPhoneStatus
  try {
    const answer: PhoneStatusResponse = await lookUpApplicationByPhone(req.scope, phone)
    res.json(answer)
  } catch (error) {
    // Finding nothing is an answer, not a failure. The number is not repeated: it is the shopper's.
    if (error instanceof FinancingNotFoundError)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        "The financing service has no application with this phone number."
      )
    const answer = adminServiceFailureAnswer(error)
    if (!answer) throw error
    sendServiceFailure(res, answer)
  }
}
