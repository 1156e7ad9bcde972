import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/** An admin refund not already covered by a received return asks the service for a return (endpoint 7). */
export default async function financingPaymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "payment_refunded", payment_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "payment.refunded",
  context: { subscriberId: "retail-financing-payment-refunded" },
}
