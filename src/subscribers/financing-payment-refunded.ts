import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * Return request (endpoint 7) for the part of an admin refund that no received return covers.
 * @oncePer refund
 */
export default async function financingPaymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  await runPostSale(container, { type: "payment_refunded", payment_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "payment.refunded",
  context: { subscriberId: "retail-financing-payment-refunded" },
}
