import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import {
  CART_COMPLETION_BUSY_MESSAGE,
  cartCompletionRequestLock,
} from "../../workflows/checkout/utils/cart-completion-lock"
import { orderOfCart } from "../../queries/order-of-cart"
import { gateStorefrontCompletion } from "../../workflows/checkout/utils/storefront-completion"
import { holdLockUntilAnswered } from "./request-lock"

/**
 * Runs before Medusa's own handler of POST /store/carts/:id/complete, for carts paid with financing only.
 *
 * The shopper's return page completes the cart at about the moment the signed callback does. When the
 * callback's completion is running, this waits for it and answers with the order it made, exactly as
 * Medusa's handler would (`{ type: "order", order }` with the fields the request asked for), instead of
 * letting Medusa run a second completeCartWorkflow that only finds that order, after the same wait. What an
 * interrupted completion of the cart left (an order Medusa made but never linked, or linked but never
 * paid) is settled first (gateStorefrontCompletion): Medusa's handler must never run past it, or it makes a
 * second order. A completion still running after the wait is answered 409, as Medusa's handler answers it.
 * In every other case (no order yet, any other cart) Medusa's handler runs as it always does.
 */
export function completeFinancedCart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): void {
  // Express 4 does not catch a rejected promise from a middleware: hand every failure to `next`.
  answerWithExistingOrder(req, res).then((answered) => (answered ? undefined : next()), next)
}

async function answerWithExistingOrder(req: MedusaRequest, res: MedusaResponse): Promise<boolean> {
  const cartId = req.params.id
  // Leaves a cart without a financing session to Medusa; for a financed one, waits for a running completion
  // as settledCartOrder does, and settles what an interrupted one left.
  const settled = await gateStorefrontCompletion(req.scope, cartId)
  if (!settled.financed) return false
  if (!settled.proceed) {
    throw new MedusaError(MedusaError.Types.CONFLICT, CART_COMPLETION_BUSY_MESSAGE)
  }
  let orderId = settled.order_id
  if (!orderId) {
    // This request may complete the cart: it holds the cart's completion until Medusa's handler has answered,
    // so the signed callback's completion waits for it and finds its order (and the other way round).
    await holdLockUntilAnswered(req.scope, res, cartCompletionRequestLock(cartId))
    // The callback's completion may have placed the order while this request waited.
    orderId = await orderOfCart(req.scope, cartId)
    if (!orderId) return false
  }

  const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: req.queryConfig.fields,
    filters: { id: orderId },
  })
  const [order] = data as Record<string, unknown>[]
  res.status(200).json({ type: "order", order })
  return true
}
