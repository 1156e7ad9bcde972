import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/** Canceling a signed order returns whatever of the contract is not returned yet (endpoint 7). */
export default async function financingOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "order_canceled", order_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "retail-financing-order-canceled" },
}
