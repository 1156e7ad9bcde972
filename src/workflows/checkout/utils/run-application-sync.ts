import { randomUUID } from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { ApplicationStatus } from "../../../lib/financing/schemas"
import {
  type SyncFinancingApplicationResult,
  syncFinancingApplicationWorkflow,
} from "../workflows/sync-financing-application"
import { runPostSale } from "../../post-sale/utils/run-post-sale"
import { sendFinancingActions } from "../../post-sale/utils/send-actions"

/**
 * The lock of one ledger application. Taken here only: every sync of the application (callback,
 * reconciliation, a shopper's complete) runs through runApplicationSync, which holds it around the workflow.
 */
export const applicationLockKey = (applicationId: string) => `retail-financing:application:${applicationId}`
/** A lock whose holder died frees itself after this; longer than the slowest sync (a cart completion). */
const LOCK_TTL_SECONDS = 120

/**
 * How long a caller waits for the application's lock before it leaves its request to the holder; a callback
 * waits as long as its answer bound instead (runApplicationSyncWithin).
 */
export const CALLBACK_LOCK_WAIT_MS = 3_000
/** How often a waiting caller tries the lock again: one cheap attempt each time. */
const LOCK_RETRY_MS = 50
/** Reads one holder makes for requests that keep arriving, before it leaves the rest to their own callers. */
const MAX_READS_PER_HOLDER = 5

export interface ApplicationSyncInput {
  application_id: string
  /** A status already read from the service (reconciliation's list), used by the first read only. */
  known_application?: ApplicationStatus
  known_read_started_at?: string
}

export type ApplicationSyncOutcome =
  /** Another sync holds the application; it reads the status again for this request before it stops. */
  | { queued: true }
  /** The syncs this caller ran; none when a read that started after its request had already served it. */
  | { queued: false; passes: SyncFinancingApplicationResult[] }

/**
 * Syncs an application for a status callback or reconciliation, coalescing the requests that arrive
 * together (the service repeats callbacks; a slow service makes them pile up).
 *
 * The request is recorded first (sync_requested_at). Then the application's lock is tried for a short while:
 * - taken: the holder syncs as long as requests are pending, taking them all just before each status read,
 *   so one read serves every request made before it, and a request made during a sync gets one more read;
 *   a caller whose request was already served reads nothing;
 * - not taken in time: the request stays recorded and the holder serves it. The caller answers at once (a
 *   callback gets 202) instead of waiting, so a slow service never makes callbacks queue up to a timeout.
 */
export async function runApplicationSync(
  container: MedusaContainer,
  input: ApplicationSyncInput,
  lockWaitMs: number = CALLBACK_LOCK_WAIT_MS
): Promise<ApplicationSyncOutcome> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const locking = container.resolve(Modules.LOCKING)
  const key = applicationLockKey(input.application_id)
  const ownerId = `retail-financing-application-sync:${randomUUID()}`

  await financing.ledger.requestSync(input.application_id)
  if (!(await tryLock(() => locking.acquire(key, { ownerId, expire: LOCK_TTL_SECONDS }), lockWaitMs))) {
    return { queued: true }
  }
  const passes: SyncFinancingApplicationResult[] = []
  try {
    let known: Pick<ApplicationSyncInput, "known_application" | "known_read_started_at"> = input
    while (
      passes.length < MAX_READS_PER_HOLDER &&
      (await financing.ledger.claimSyncRequest(input.application_id))
    ) {
      // Each pass renews the lock's expiry, so a long run of passes never outlives it.
      await locking.acquire(key, { ownerId, expire: LOCK_TTL_SECONDS })
      const { result } = await syncFinancingApplicationWorkflow(container).run({
        input: {
          application_id: input.application_id,
          known_application: known.known_application,
          known_read_started_at: known.known_read_started_at,
        },
      })
      passes.push(result)
      // A listed status is as old as the list: later passes read again.
      known = {}
    }
  } finally {
    await locking.release(key, { ownerId })
    // Sent once the lock is free, also when a later pass failed: the sends call the service and Medusa's
    // order flows, and a callback arriving meanwhile should sync at once instead of waiting for them.
    // Neither send throws (a failed send stays in the ledger for the send job), so a pass's own failure
    // is what the caller hears.
    await sendWhatPassesLeft(container, passes)
  }
  return { queued: false, passes }
}

/** What the syncs released (returns held until funding) or repaired (an order placed late), sent after them. */
async function sendWhatPassesLeft(container: MedusaContainer, passes: SyncFinancingApplicationResult[]) {
  for (const pass of passes) {
    await sendFinancingActions(container, pass.released_action_ids)
    if (pass.repaired_order_id)
      await runPostSale(container, { type: "order_placed", order_id: pass.repaired_order_id })
  }
}

export type BoundedApplicationSyncOutcome =
  | ApplicationSyncOutcome
  /** The sync is still running after the bound: it carries on after the answer. */
  | { queued: false; running: true }

/**
 * runApplicationSync for a callback, answered within `answerWithinMs` (the callbackAnswerWithinMs option). A sync still running then carries
 * on in this process; `onLateFailure` hears of a failure after the answer (nobody else would). Should the
 * process die before it ends, nothing is lost: the status lives at the service and the application stays
 * open in the ledger, so the next callback or the reconciliation job syncs it again.
 */
export async function runApplicationSyncWithin(
  container: MedusaContainer,
  input: ApplicationSyncInput,
  answerWithinMs: number,
  onLateFailure: (error: unknown) => void
): Promise<BoundedApplicationSyncOutcome> {
  // The lock is waited for within the same bound: a callback whose holder finishes within it gets the
  // holder's answer (200), and only one still waiting at the bound is answered 202. A fixed, shorter wait
  // made a callback answer 202 whenever the holder's sync outlasted it on a busy machine, though the store
  // had said it would wait longer.
  const sync = runApplicationSync(container, input, answerWithinMs)
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<"running">((resolve) => {
    timer = setTimeout(() => resolve("running"), answerWithinMs)
  })
  try {
    const first = await Promise.race([sync, deadline])
    if (first !== "running") return first
  } finally {
    clearTimeout(timer)
  }
  sync.catch(onLateFailure)
  return { queued: false, running: true }
}

/** What a caller reports of its syncs: the first that did something, else nothing. */
export function actionOf(passes: SyncFinancingApplicationResult[]): SyncFinancingApplicationResult["action"] {
  return passes.find((pass) => pass.action !== "none")?.action ?? "none"
}

async function tryLock(acquire: () => Promise<unknown>, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs
  for (;;) {
    try {
      await acquire()
      return true
    } catch {
      if (Date.now() >= until) return false
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS))
    }
  }
}
