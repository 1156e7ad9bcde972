import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import {
  type ActionNeedsAttentionData,
  type ExceptionEventData,
  FINANCING_EVENTS,
} from "../domain/events/financing-events"
import { notifyMerchantFeedWorkflow } from "../workflows/merchant/workflows/notify-merchant-feed"

/**
 * The admin's bell is one consumer of the plugin's own events: an opened exception and an action that needs
 * the merchant each ring it once (the event is emitted once per change; the notification's idempotency key
 * covers an event delivered twice).
 */
export default async function financingBell({
  event,
  container,
}: SubscriberArgs<ExceptionEventData | ActionNeedsAttentionData>) {
  const input =
    event.name === FINANCING_EVENTS.exceptionOpened
      ? {
          about: "exception" as const,
          event: event.data as ExceptionEventData,
          once_key: `exception:${event.data.id}`,
        }
      : {
          about: "action" as const,
          event: event.data as ActionNeedsAttentionData,
          once_key: `action:${event.data.id}`,
        }
  await notifyMerchantFeedWorkflow(container).run({ input })
}

export const config: SubscriberConfig = {
  event: [FINANCING_EVENTS.exceptionOpened, FINANCING_EVENTS.actionNeedsAttention],
  context: { subscriberId: "retail-financing-bell" },
}
