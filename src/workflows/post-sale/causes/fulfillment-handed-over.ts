import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { deliveryOf } from "./delivery"
import type { CausePlanner } from "./types"

/** Shipped (shipment created) or handed over (marked delivered): one delivery record per fulfillment. */
export const fulfillmentHandedOver: CausePlanner<"fulfillment_handed_over"> = {
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
