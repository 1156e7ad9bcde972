import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Return request (endpoint 7), when a signed order is canceled, for whatever of the contract is not
 * returned yet.
 * @oncePer order
 */
export default async function financingOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "order_canceled", order_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "retail-financing-order-canceled" },
}
