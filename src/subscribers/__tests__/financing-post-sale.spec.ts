import type { SubscriberConfig } from "@medusajs/framework"

import { type PostSaleCause, causeOfEvent, eventsOfPlanners } from "../../workflows/post-sale/utils/causes"
import type { CausePlanner } from "../../workflows/post-sale/utils/causes/types"
import { config } from "../financing-post-sale"

// Each event with data as Medusa emits it, and the cause it raised when each event had its own subscriber.
// delivery.created is guarded here only: no integration spec marks a fulfillment delivered.
const EVENTS: Record<string, { data: Record<string, unknown>; cause: PostSaleCause }> = {
  "order.placed": { data: { id: "order_1" }, cause: { type: "order_placed", order_id: "order_1" } },
  "order.fulfillment_created": {
    data: { order_id: "order_1", fulfillment_id: "ful_1", no_notification: false },
    cause: { type: "fulfillment_created", order_id: "order_1", fulfillment_id: "ful_1" },
  },
  "shipment.created": {
    data: { id: "ful_1", no_notification: false },
    cause: { type: "fulfillment_handed_over", fulfillment_id: "ful_1" },
  },
  "delivery.created": {
    data: { id: "ful_2" },
    cause: { type: "fulfillment_handed_over", fulfillment_id: "ful_2" },
  },
  "order.return_received": {
    data: { order_id: "order_1", return_id: "ret_1" },
    cause: { type: "return_received", order_id: "order_1", return_id: "ret_1" },
  },
  "payment.refunded": { data: { id: "pay_1" }, cause: { type: "payment_refunded", payment_id: "pay_1" } },
  "order.canceled": { data: { id: "order_1" }, cause: { type: "order_canceled", order_id: "order_1" } },
  "order-edit.confirmed": {
    data: { order_id: "order_1", actions: [] },
    cause: { type: "order_edited", order_id: "order_1" },
  },
}

describe("the post-sale subscriber", () => {
  // A new event's cause is tested by its integration spec; it needs no row here.
  it("still listens to every event the separate subscribers listened to", () => {
    expect([(config as SubscriberConfig).event].flat()).toEqual(expect.arrayContaining(Object.keys(EVENTS)))
  })

  it.each(Object.entries(EVENTS))("turns %s into the cause its own subscriber raised", (event, expected) => {
    expect(causeOfEvent(event, expected.data)).toEqual(expected.cause)
  })

  it("refuses an event two causes declare, rather than letting one take it from the other", () => {
    const planner = (event: string): CausePlanner<PostSaleCause> => ({
      events: {
        [event]: {
          description: "",
          oncePer: "",
          toCause: () => ({ type: "order_placed", order_id: "order_1" }),
        },
      },
      orderOf: async () => null,
      plan: async () => [],
    })
    expect(eventsOfPlanners([planner("a.happened"), planner("b.happened")]).size).toBe(2)
    expect(() => eventsOfPlanners([planner("a.happened"), planner("a.happened")])).toThrow(
      "a.happened is declared by two post-sale causes"
    )
  })
})
