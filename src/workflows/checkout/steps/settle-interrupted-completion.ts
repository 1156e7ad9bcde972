import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { settleCartCompletion } from "../utils/interrupted-completion"

export interface SettleInterruptedCompletionInput {
  cart_id: string
  public_id: string
}

export interface SettledCompletion {
  /** A completion of the cart is running (it held the cart's lock past the wait): nothing was done. */
  busy: boolean
  /** The cart's order after this step: linked before, or adopted now; null when it has none. */
  order_id: string | null
  /** That order was an orphan of an interrupted completion, adopted now. */
  adopted: boolean
  /** The cart's payment collection has a payment (read under the cart's lock, after any completion ended). */
  paid: boolean
}

/**
 * Before a signed contract's cart is completed, or its order without payment repaired: finishes what an
 * interrupted completeCartWorkflow left (checkout/interrupted-completion.ts). An order it made that no cart
 * points to is adopted as the cart's order instead of a second one being made; the cart's order gets the
 * links it lacks (to the payment collection, the promotions); otherwise the cart is tagged for the
 * completion that follows. Orders tagged for the cart that may not be adopted are logged, never touched.
 *
 * No compensation: a link made is what the completion that made the order would have made.
 */
export const settleInterruptedCompletionStep = createStep(
  "settle-interrupted-completion",
  async (input: SettleInterruptedCompletionInput, { container }) => {
    const settled = await settleCartCompletion(container, input.cart_id, { repair: true })
    if (!settled.settled) {
      return new StepResponse<SettledCompletion>({
        busy: true,
        order_id: null,
        adopted: false,
        paid: false,
      })
    }
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    if (settled.adopted || settled.linked.length > 0) {
      logger.info(
        `retail-financing: application ${input.public_id}: order ${settled.order_id} of an interrupted ` +
          `completion ${settled.adopted ? "adopted as the cart's order" : "kept"}, links made: ` +
          `${settled.linked.join(", ") || "none"}`
      )
    }
    for (const { order, reason } of settled.rejected) {
      logger.warn(
        `retail-financing: application ${input.public_id}: order ${order.id} carries the cart's completion ` +
          `tag but is not adopted (${reason}); no cart is linked to it. Check it in the admin and cancel ` +
          `it if it is a leftover of an interrupted checkout.`
      )
    }
    return new StepResponse<SettledCompletion>({
      busy: false,
      order_id: settled.order_id,
      adopted: settled.adopted,
      paid: settled.paid,
    })
  }
)
