import { MedusaError } from "@medusajs/framework/utils"

import { type MerchantReturnType, planMerchantReturn } from "../../../../domain/post-sale/merchant-return"
import type { RetailFinancingModuleService } from "../../../../modules/retail-financing"
import { financedCents, requestedReturnCents } from "../../../../modules/retail-financing/return-queue"
import { returnRequest } from "./return-request"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface MerchantReturnCause {
  type: "merchant_return"
  order_id: string
  return_type: MerchantReturnType
  amount?: number
  return_reason_id?: string
  reason?: string
}

/** A return request the merchant asks for by hand, bounded by what of the contract is left to return. */
export const merchantReturn: CausePlanner<MerchantReturnCause> = {
  orderOf: orderIdOfCause,
  requiresFinancing: true,
  plan: async ({ financing, financed, cause }) => {
    const actions = await financing.actions.ofApplication(financed.application.id)
    const plan = planMerchantReturn({
      returnType: cause.return_type,
      amount: cause.amount,
      financedCents: financedCents(financed.application),
      requestedCents: requestedReturnCents(actions),
    })
    if (!plan.ok) {
      const type = plan.refusal === "invalid" ? MedusaError.Types.INVALID_DATA : MedusaError.Types.NOT_ALLOWED
      throw new MedusaError(type, plan.message)
    }
    if (cause.return_reason_id) await checkChosenReason(financing, cause.return_reason_id)
    const request = await returnRequest(financing, financed, actions, {
      causeKey: `merchant_return:${financed.order.id}:${Date.now()}`,
      returnType: plan.returnType,
      amountCents: plan.amountCents,
      medusaReason: null,
      fallbackReason:
        cause.reason?.trim() || `Requested by the store for order #${financed.order.display_id}`,
      returnReasonPublicId: cause.return_reason_id,
    })
    return [request]
  },
}

/**
 * Refuses a reason the service does not list. While the list cannot be read, the id (which the admin took
 * from that list moments ago) is kept: the request is recorded and sent once the service is back, and the
 * service itself refuses an id it does not know, which the action then shows.
 */
async function checkChosenReason(financing: RetailFinancingModuleService, publicId: string): Promise<void> {
  const listed = await financing
    .getClient()
    .listReturnReasons()
    .catch(() => null)
  if (listed && !listed.some((reason) => reason.publicId === publicId)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "return_reason_id is not one of the service's return reasons"
    )
  }
}
