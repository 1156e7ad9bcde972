import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"

import type { MedusaResponse } from "@medusajs/framework/http"
import type { ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

/** How often a waiting request tries the lock again: most holders are done within tens of milliseconds. */
const RETRY_MS = 50

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
