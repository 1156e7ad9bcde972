import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { deliveryOf } from "./delivery"
import { type CausePlanner, orderIdOfCause } from "./types"

interface FulfillmentRow {
  id: string
  created_at: string
  canceled_at?: string | null
}

export interface MerchantDeliveryCause {
  type: "merchant_delivery"
  order_id: string
}

/** The merchant's "send delivery information": the order's latest fulfillment, sent again on purpose. */
export const merchantDelivery: CausePlanner<MerchantDeliveryCause> = {
  orderOf: orderIdOfCause,
  requiresFinancing: true,
  plan: async ({ container, cause, financed }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["fulfillments.id", "fulfillments.created_at", "fulfillments.canceled_at"],
      filters: { id: cause.order_id },
    })
    const fulfillments = (
      ((data[0] as { fulfillments?: unknown } | undefined)?.fulfillments ?? []) as FulfillmentRow[]
    )
      .filter((fulfillment) => !fulfillment.canceled_at)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
    const latest = fulfillments.at(-1)
    if (!latest) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The order has no fulfillment yet: create one before sending delivery information."
      )
    }
    // Sent on purpose again, so each request is its own cause.
    return [deliveryOf(financed, latest.id, `delivery:${latest.id}:merchant:${Date.now()}`)]
  },
}
