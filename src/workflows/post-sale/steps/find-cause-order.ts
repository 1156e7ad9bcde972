import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { type PostSaleCause, plannerOf } from "../utils/causes"

/** The order a post-sale cause is about (a fulfillment's or a payment's is looked up), or null. */
export const findCauseOrderStep = createStep(
  "find-post-sale-cause-order",
  async ({ cause }: { cause: PostSaleCause }, { container }) =>
    new StepResponse({ order_id: await plannerOf(cause).orderOf(cause, container) })
)
