import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/** Tells the service the order's number and id (endpoint 10), and uploads the invoice if so configured. */
export default async function financingOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "order_placed", order_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "retail-financing-order-placed" },
}
