import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Order references: the order's display number and its id (endpoint 10); the invoice too (endpoint 8) when
 * `invoiceOn` is `order_placed`.
 * @oncePer order
 */
export default async function financingOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "order_placed", order_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "retail-financing-order-placed" },
}
