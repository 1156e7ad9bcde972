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
    "A shipment (method Shipped) or a fulfillment marked delivered without one (pickup, local delivery: " +
    "Direct) sends delivery information (endpoint 9), once per fulfillment whichever event comes first.",
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
