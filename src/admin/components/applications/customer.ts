import type { ApplicationListItem } from "../../../domain/admin-api/types"

/** The customer a row shows: the order's, or for an application with no order, the cart's. */
export function customerOf(
  application: Pick<ApplicationListItem, "order" | "cart_customer">
): { name: string | null; email: string | null; fromCart: boolean } | null {
  const { order, cart_customer: cart } = application
  if (order && (order.customer_name || order.email)) {
    return { name: order.customer_name, email: order.email, fromCart: false }
  }
  if (!order && cart && (cart.customer_name || cart.email)) {
    return { name: cart.customer_name, email: cart.email, fromCart: true }
  }
  return null
}
