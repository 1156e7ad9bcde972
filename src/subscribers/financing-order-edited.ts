import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Redraft request (endpoint 7) when a confirmed edit makes a signed order's total differ from the contract.
 * @oncePer order version
 */
export default async function financingOrderEdited({
  event,
  container,
}: SubscriberArgs<{ order_id: string }>) {
  await runPostSale(container, { type: "order_edited", order_id: event.data.order_id })
}

export const config: SubscriberConfig = {
  event: "order-edit.confirmed",
  context: { subscriberId: "retail-financing-order-edited" },
}
