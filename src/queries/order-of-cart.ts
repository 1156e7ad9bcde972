import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The order a cart was completed into, from Medusa's order-cart link; null when it has none. The one read of
 * that link: the shopper's complete route, the completion step, the settled-cart look and the status sync
 * all ask it, and a second copy could drift (another field, a filter on a deleted link).
 */
export async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return (data as { order_id: string }[])[0]?.order_id ?? null
}
