import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Delivery information (endpoint 9) when a fulfillment is shipped or delivered without a shipment,
 * whichever comes first: method Direct for `directDeliveryTypes` (pickup, local delivery), with the store
 * address when the fulfillment has none; otherwise Shipped, with the carrier from `carrierMap`/`carriers`
 * (omitted when unknown), the tracking number and the delivery address.
 * @oncePer fulfillment
 */
export default async function financingFulfillmentHandedOver({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "fulfillment_handed_over", fulfillment_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: ["shipment.created", "delivery.created"],
  context: { subscriberId: "retail-financing-fulfillment-handed-over" },
}
