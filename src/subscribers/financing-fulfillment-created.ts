import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { runPostSale } from "../workflows/post-sale/run-post-sale"

/**
 * The invoice (endpoint 8), on the first fulfillment unless `invoiceOn` is `order_placed`: a PDF generated
 * with pdfkit from the order: store, order number and date, customer, the application's own lines,
 * subtotal, sales tax, total.
 * @oncePer order
 */
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
