import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { type BellText, actionBellText, exceptionBellText } from "../../../domain/events/bell-text"
import type { ActionNeedsAttentionData, ExceptionEventData } from "../../../domain/events/financing-events"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/** The dashboard's bell lists this channel (Medusa's default config gives it the local provider). */
export const FEED_CHANNEL = "feed"

export type FeedNotificationInput =
  { about: "exception"; event: ExceptionEventData } | { about: "action"; event: ActionNeedsAttentionData }

/** Whether this process has said that the store has no provider for the bell: said once, not per event. */
let noFeedProviderLogged = false

/**
 * One notification on the admin's bell, addressed to every admin user (`to: ""`). Its idempotency key is
 * the exception's application or the action (with the failure's time), so an event delivered twice (the
 * Redis event bus retries a subscriber that failed) rings once. A store whose notification module has no
 * provider for the feed channel loses only the bell: Medusa refuses the notification, which is logged once
 * per process and otherwise ignored.
 */
export const createFeedNotificationStep = createStep(
  "create-feed-notification",
  async (input: FeedNotificationInput & { once_key: string }, { container }) => {
    const text = await bellTextOf(container, input)
    try {
      const [notification] = await container.resolve(Modules.NOTIFICATION).createNotifications([
        {
          to: "",
          channel: FEED_CHANNEL,
          template: `retail-financing.${input.about}`,
          idempotency_key: `retail-financing:${input.once_key}`,
          resource_type:
            input.about === "exception" ? "retail_financing_application" : "retail_financing_action",
          resource_id: input.event.id,
          data: { title: text.title, description: text.description },
        },
      ])
      return new StepResponse(notification?.id ?? null)
    } catch (error) {
      if (!/could not find a notification provider/i.test(String((error as Error)?.message))) throw error
      if (!noFeedProviderLogged) {
        noFeedProviderLogged = true
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `retail-financing: the notification module has no provider for the "${FEED_CHANNEL}" channel, so ` +
              "the admin's bell shows no financing notifications (events and everything else still work)."
          )
      }
      return new StepResponse(null)
    }
  }
)

async function bellTextOf(
  container: Parameters<Parameters<typeof createStep>[1]>[1]["container"],
  input: FeedNotificationInput
): Promise<BellText> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const applicationId = input.about === "exception" ? input.event.id : input.event.application_id
  const application = await financing.retrieveFinancingApplication(applicationId)
  const orderId = input.event.order_id ?? application.order_id
  let order: { display_id: number | null } | null = null
  if (orderId) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "display_id"],
      filters: { id: orderId },
    })
    const displayId = (data[0] as { display_id?: number | string | null } | undefined)?.display_id
    order = { display_id: displayId ? Number(displayId) : null }
  }
  return input.about === "exception"
    ? exceptionBellText({ reason: input.event.reason, order, public_id: application.public_id })
    : actionBellText({ ...input.event, order, public_id: application.public_id })
}
