import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"

import type { RetailFinancingOptions } from "../../config/options"
import { DEFAULT_RETRY_POLICY } from "../../lib/financing/retry-policy"
import { holdLockUntilAnswered } from "./request-lock"

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
