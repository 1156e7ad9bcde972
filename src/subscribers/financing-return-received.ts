import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/** A received return of a financed order asks the service for a return (endpoint 7): Return or Partial. */
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
