import type { ActionRecordInput } from "../../../../modules/retail-financing"
import type { FinancedOrder } from "../financed-order"
import type { DeliveryPayload } from "../perform/delivery"

/** Delivery information for one fulfillment; it is read from Medusa when sent, not now. */
export function deliveryOf(financed: FinancedOrder, fulfillmentId: string, cause: string): ActionRecordInput {
  const payload: DeliveryPayload = { fulfillment_id: fulfillmentId }
  return {
    applicationId: financed.application.id,
    kind: "delivery",
    cause,
    summary: `Delivery information for fulfillment ${fulfillmentId}`,
    payload,
  }
}
