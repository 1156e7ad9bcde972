import { fulfillmentCreated } from "./fulfillment-created"
import { fulfillmentHandedOver } from "./fulfillment-handed-over"
import { merchantDelivery } from "./merchant-delivery"
import { merchantInvoice } from "./merchant-invoice"
import { merchantReturn } from "./merchant-return"
import { orderEdited } from "./order-edited"
import { orderPlaced } from "./order-placed"
import { orderCanceled, paymentRefunded, returnReceived } from "./return-causes"
import type { CauseEvent, CauseOfPlanner, CausePlanner } from "./types"

/**
 * Every cause's planner, keyed by the cause's type. A planner's file declares its cause and the Medusa events
 * that raise it, so a new cause is one planner file and one line here.
 */
const REGISTRY = {
  order_placed: orderPlaced,
  fulfillment_created: fulfillmentCreated,
  fulfillment_handed_over: fulfillmentHandedOver,
  return_received: returnReceived,
  payment_refunded: paymentRefunded,
  order_canceled: orderCanceled,
  order_edited: orderEdited,
  merchant_invoice: merchantInvoice,
  merchant_delivery: merchantDelivery,
  merchant_return: merchantReturn,
}

type Registry = typeof REGISTRY

/** What in Medusa asks the service to hear something: any registered planner's cause. */
export type PostSaleCause = CauseOfPlanner<Registry[keyof Registry]>
export type PostSaleCauseType = PostSaleCause["type"]
export type CauseOf<T extends PostSaleCauseType> = Extract<PostSaleCause, { type: T }>

// plannerOf finds a planner by its cause's type: typed again, a key that is not its planner's cause type
// fails the build.
const PLANNERS: { [T in PostSaleCauseType]: CausePlanner<CauseOf<T>> } = REGISTRY

export function plannerOf(cause: PostSaleCause): CausePlanner<PostSaleCause> {
  return PLANNERS[cause.type]
}

/**
 * Each Medusa event the planners declare, with its declaration. One event raises one cause: a second
 * planner declaring it is refused rather than silently taking the event from the first.
 */
export function eventsOfPlanners<C extends PostSaleCause>(
  planners: readonly CausePlanner<C>[]
): ReadonlyMap<string, CauseEvent<C>> {
  const events = new Map<string, CauseEvent<C>>()
  for (const planner of planners) {
    for (const [event, declared] of Object.entries(planner.events ?? {})) {
      if (events.has(event)) throw new Error(`${event} is declared by two post-sale causes`)
      events.set(event, declared)
    }
  }
  return events
}

/** The Medusa events the post-sale subscriber listens to, each with the cause it raises. */
export const POST_SALE_EVENTS = eventsOfPlanners<PostSaleCause>(Object.values(PLANNERS))

/** The cause a post-sale event raises, from the event's data as Medusa emits it. */
export function causeOfEvent(event: string, data: Record<string, unknown>): PostSaleCause {
  const declared = POST_SALE_EVENTS.get(event)
  if (!declared) throw new Error(`${event} raises no post-sale cause`)
  return declared.toCause(data)
}
