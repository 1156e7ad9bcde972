import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"

import type { MedusaResponse } from "@medusajs/framework/http"
import type { ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import type { RetailFinancingOptions } from "../../config/options"
import { DEFAULT_RETRY_POLICY } from "../../lib/financing/retry-policy"

/** How often a waiting session start tries the lock again: most starts take a few tens of milliseconds. */
const RETRY_MS = 50
/** Beyond the slowest creation (token and create calls with their retries): Medusa's own part is quick. */
const MARGIN_SECONDS = 60

/**
 * The longest one session start can hold the lock: its token request with its retries (each may wait for a
 * Retry-After), the creation (never retried: its outcome would be unknown) and Medusa's part. Also how long
 * the next one waits for it.
 */
export function sessionStartLockSeconds(
  options: Pick<RetailFinancingOptions, "timeoutMs" | "maxRetries">
): number {
  const callsMs =
    (options.maxRetries + 2) * options.timeoutMs + options.maxRetries * DEFAULT_RETRY_POLICY.maxRetryAfterMs
  return Math.ceil(callsMs / 1000) + MARGIN_SECONDS
}

/**
 * Takes the payment collection's lock for this request and gives it back when the response is closed, so
 * that one cart's session starts run one after another, Medusa's own (which creates the new session and
 * deletes the collection's others in parallel, from a list read at its start) included: each sees and
 * deletes the session of the one before. The lock expires after `seconds` in case this process dies
 * holding it; a request that cannot take it within as long is refused (409), never run beside another.
 */
export async function holdPaymentCollectionLock(
  scope: MedusaContainer,
  res: MedusaResponse,
  paymentCollectionId: string,
  seconds: number
): Promise<void> {
  await holdLockUntilAnswered(scope, res, {
    key: `retail-financing:payment-collection:${paymentCollectionId}`,
    owner: "session-start",
    waitSeconds: seconds,
    expireSeconds: seconds,
    busyMessage: "Another payment session is being started for this cart. Please try again.",
  })
}

export interface RequestLock {
  key: string
  /** What holds it, for the owner id. */
  owner: string
  /** How long the request waits for another holder before it is refused (409). */
  waitSeconds: number
  /** When the lock frees itself should this process die holding it. */
  expireSeconds: number
  /** The 409's message when the wait runs out. */
  busyMessage: string
}

/**
 * Takes `lock.key` for this request and gives it back when the response is closed (whatever answered it:
 * this plugin or Medusa's own handler after it), waiting for another holder within `waitSeconds`.
 */
export async function holdLockUntilAnswered(
  scope: MedusaContainer,
  res: MedusaResponse,
  lock: RequestLock
): Promise<void> {
  const locking = scope.resolve<ILockingModule>(Modules.LOCKING)
  const { key } = lock
  // One owner per request: a request whose lock expired can never release the next holder's.
  const ownerId = `retail-financing:${lock.owner}:${randomUUID()}`
  const giveUpAt = Date.now() + lock.waitSeconds * 1000
  for (;;) {
    if (res.destroyed) throw new MedusaError(MedusaError.Types.CONFLICT, "The request was closed.")
    try {
      await locking.acquire(key, { ownerId, expire: lock.expireSeconds })
      break
    } catch {
      // Held by another request: wait for it, within the bound.
      if (Date.now() >= giveUpAt) throw new MedusaError(MedusaError.Types.CONFLICT, lock.busyMessage)
    }
    await sleep(RETRY_MS)
  }

  const release = () => {
    locking.release(key, { ownerId }).catch((error: unknown) => {
      scope
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(
          `retail-financing: the lock ${key} was not released (it expires by itself): ` +
            `${error instanceof Error ? error.message : String(error)}`
        )
    })
  }
  // The shopper's browser went away while this request waited: nobody will close the response again.
  if (res.destroyed) {
    release()
    throw new MedusaError(MedusaError.Types.CONFLICT, "The request was closed.")
  }
  res.once("close", release)
}
