import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/** The first fulfillment of a financed order uploads its invoice (endpoint 8), unless invoiceOn says otherwise. */
export default async function financingFulfillmentCreated({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  await runPostSale(container, {
    type: "fulfillment_created",
    order_id: event.data.order_id,
    fulfillment_id: event.data.fulfillment_id,
  })
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "retail-financing-fulfillment-created" },
}
