import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { deliveryOf } from "./delivery"
import type { CauseEvent, CausePlanner } from "./types"

export interface FulfillmentHandedOverCause {
  type: "fulfillment_handed_over"
  fulfillment_id: string
}

// Either event may come first, or alone; the cause key (one per fulfillment) makes the second record nothing.
const HANDED_OVER: CauseEvent<FulfillmentHandedOverCause> = {
  description:
    "Delivery information (endpoint 9) when a fulfillment is shipped or delivered without a shipment, " +
    "whichever comes first: method Direct for `directDeliveryTypes` (pickup, local delivery), with the store " +
    "address when the fulfillment has none; otherwise Shipped, with the carrier from `carrierMap`/`carriers` " +
    "(omitted when unknown), the tracking number and the delivery address.",
  oncePer: "fulfillment",
  toCause: (data: { id: string }) => ({ type: "fulfillment_handed_over", fulfillment_id: data.id }),
}

/** Shipped (shipment created) or handed over (marked delivered): one delivery record per fulfillment. */
export const fulfillmentHandedOver: CausePlanner<FulfillmentHandedOverCause> = {
  events: { "shipment.created": HANDED_OVER, "delivery.created": HANDED_OVER },
  orderOf: async (cause, container) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order_fulfillment",
      fields: ["order_id"],
      filters: { fulfillment_id: cause.fulfillment_id },
    })
    return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
  },
  plan: async ({ cause, financed }) => [
    deliveryOf(financed, cause.fulfillment_id, `delivery:${cause.fulfillment_id}`),
  ],
}
