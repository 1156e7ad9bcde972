import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { isLockBusy } from "../../../domain/lock-busy"
import { CART_COMPLETION_WAIT_SECONDS } from "./settled-cart-order"

/*
 * The plugin's own lock on completing a cart, and the one definition of how it is taken (key, wait, expiry,
 * what "busy" means). It is held from the look for an order to the end of the completion that follows it,
 * by two holders in different requests by design: the sync's completion step (withCartCompletion) and the
 * shopper's complete route until Medusa has answered (cartCompletionRequestLock, for the API's
 * holdLockUntilAnswered). Medusa's cart lock cannot be held across the two: its completeCartWorkflow takes
 * that lock itself, so a look under it and the completion after it leave a gap in which both callers find
 * no order and both run completeCartWorkflow. Taken before Medusa's cart lock, never inside it.
 */

export const cartCompletionLockKey = (cartId: string) => `retail-financing:cart-completion:${cartId}`
/** A request's hold outliving this has died with its process: the lock frees itself. */
const CART_COMPLETION_LOCK_TTL_SECONDS = 120
/** Medusa's own answer to a cart being completed by another request (its complete route's 409). */
export const CART_COMPLETION_BUSY_MESSAGE = "Cart is already being completed by another request"

/**
 * Runs `job` holding the cart's completion, waiting for another holder as long as Medusa waits for a cart's
 * lock; "busy" when the holder kept it past the wait. Held for the call only (locking.execute releases it
 * whatever the job does).
 */
export async function withCartCompletion<T>(
  container: MedusaContainer,
  cartId: string,
  job: () => Promise<T>
): Promise<T | "busy"> {
  try {
    return await container
      .resolve<ILockingModule>(Modules.LOCKING)
      .execute(cartCompletionLockKey(cartId), job, { timeout: CART_COMPLETION_WAIT_SECONDS })
  } catch (error) {
    if (isLockBusy(error)) return "busy"
    throw error
  }
}

/**
 * The same lock for a request that holds it until its response is closed (the API's holdLockUntilAnswered):
 * the same key and wait, an expiry since its release hangs on the response, and Medusa's 409 when busy.
 */
export const cartCompletionRequestLock = (cartId: string) => ({
  key: cartCompletionLockKey(cartId),
  owner: "storefront-completion",
  waitSeconds: CART_COMPLETION_WAIT_SECONDS,
  expireSeconds: CART_COMPLETION_LOCK_TTL_SECONDS,
  busyMessage: CART_COMPLETION_BUSY_MESSAGE,
})
