import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Return request (endpoint 7) for a received return: Return when it brings the total returned to the
 * financed amount, otherwise Partial with the amount.
 * @oncePer return
 */
export default async function financingReturnReceived({
  event,
  container,
}: SubscriberArgs<{ order_id: string; return_id: string }>) {
  await runPostSale(container, {
    type: "return_received",
    order_id: event.data.order_id,
    return_id: event.data.return_id,
  })
}

export const config: SubscriberConfig = {
  event: "order.return_received",
  context: { subscriberId: "retail-financing-return-received" },
}
