import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * A shipment (method Shipped) or a fulfillment marked delivered without one (pickup, local delivery: Direct)
 * sends delivery information (endpoint 9), once per fulfillment whichever event comes first.
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
