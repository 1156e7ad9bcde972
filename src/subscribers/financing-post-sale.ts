import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { POST_SALE_EVENTS, causeOfEvent } from "../workflows/post-sale/utils/causes"
import { runPostSale } from "../workflows/post-sale/utils/run-post-sale"

/**
 * Each event a post-sale cause declares (src/workflows/post-sale/utils/causes/) becomes that cause, whose actions
 * are recorded and sent.
 */
export default async function financingPostSale({
  event,
  container,
}: SubscriberArgs<Record<string, unknown>>) {
  await runPostSale(container, causeOfEvent(event.name, event.data))
}

export const config: SubscriberConfig = {
  event: [...POST_SALE_EVENTS.keys()],
  // Medusa keeps one id for all of a subscriber's events; an event bus needs it unique per event only.
  context: { subscriberId: "retail-financing-post-sale" },
}

/**
 * Each event's entry in medusa-plugin.json and its row in docs/after-the-sale.md (scripts/manifest/), from its
 * cause's declaration.
 */
export const eventDocs: Record<string, { description: string; oncePer: string }> = Object.fromEntries(
  [...POST_SALE_EVENTS].map(([event, { description, oncePer }]) => [event, { description, oncePer }])
)
