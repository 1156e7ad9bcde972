import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { isLockBusy } from "../../../domain/lock-busy"
import { orderOfCart } from "../../../queries/order-of-cart"

/**
 * As long as Medusa's completeCartWorkflow waits for a cart's lock (its acquireLockStep): a completion
 * running longer than that would have failed Medusa's own caller too.
 */
export const CART_COMPLETION_WAIT_SECONDS = 30

export type SettledCartOrder =
  /** No completion of the cart is running; the order the cart was completed into, if any. */
  | { settled: true; order_id: string | null }
  /** A completion held the cart longer than the wait: nothing is known yet. */
  | { settled: false }

/**
 * The order of a cart once any completion of it running now has finished. Medusa's completeCartWorkflow
 * holds a lock keyed by the cart's id for the whole completion; this waits for that lock (taking it only
 * for the read, so no completion starts in between) and reads the cart's order link.
 *
 * A financed cart is completed twice at about the same moment, by the signed callback and by the shopper's
 * return page. The second completeCartWorkflow only finds the order the first made, after waiting for the
 * same lock, but runs its whole cart query and stored checkpoints to find it: under load it was the largest
 * single cost of a financed checkout (docs/benchmarks.md). Looking here first lets the second caller skip it.
 */
export async function settledCartOrder(
  container: MedusaContainer,
  cartId: string,
  waitSeconds: number = CART_COMPLETION_WAIT_SECONDS
): Promise<SettledCartOrder> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  try {
    const orderId = await locking.execute(cartId, () => orderOfCart(container, cartId), {
      timeout: waitSeconds,
    })
    return { settled: true, order_id: orderId }
  } catch (error) {
    if (isLockBusy(error)) return { settled: false }
    throw error
  }
}
