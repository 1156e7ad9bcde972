import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"

import type { CheckoutCart } from "./checkout-seed"

/**
 * What Medusa's cart completion leaves when its process dies between creating the order and authorizing the
 * payment (completeCartWorkflow authorizes last): an order, linked to the cart and to its payment collection,
 * the cart marked completed, and no payment at all; the session stays as it was. Made here with Medusa's own
 * order workflow and links, directly, the way the crash leaves it; no order.placed event is emitted (the
 * crash lost it). Returns the order's id.
 */
export async function orderLeftWithoutPayment(
  container: MedusaContainer,
  cart: CheckoutCart,
  paymentCollectionId: string
): Promise<string> {
  const address = (value: CheckoutCart["shipping_address"]) => {
    if (!value) return undefined
    const { id: _id, ...rest } = value as typeof value & { id?: string }
    return rest
  }
  const { result: order } = await createOrderWorkflow(container).run({
    input: {
      region_id: cart.region_id,
      sales_channel_id: cart.sales_channel_id,
      email: cart.email,
      currency_code: cart.currency_code,
      shipping_address: address(cart.shipping_address),
      billing_address: address(cart.billing_address),
      items: (cart.items ?? []).map((item) => ({
        variant_id: item.variant_id!,
        quantity: item.quantity,
        title: item.title,
        unit_price: item.unit_price,
      })),
    },
  })
  await container.resolve(ContainerRegistrationKeys.LINK).create([
    { [Modules.ORDER]: { order_id: order.id }, [Modules.CART]: { cart_id: cart.id } },
    {
      [Modules.ORDER]: { order_id: order.id },
      [Modules.PAYMENT]: { payment_collection_id: paymentCollectionId },
    },
  ])
  await container.resolve(Modules.CART).updateCarts(cart.id, { completed_at: new Date() })
  return order.id
}
