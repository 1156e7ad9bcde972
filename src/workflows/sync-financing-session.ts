import { randomUUID } from "node:crypto"

import { WorkflowResponse, createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"

import { markFinancingSessionStep } from "./steps/mark-financing-session"
import { processFinancingPaymentStep } from "./steps/process-financing-payment"
import { recordFinancingApplicationStep } from "./steps/record-financing-application"
import { sendFinancingActionsStep } from "./steps/send-financing-actions"
import { type ReadFinancingSessionInput, readFinancingSessionStep } from "./steps/read-financing-session"

export const syncFinancingSessionWorkflowId = "retail-financing-sync-session"

export type SyncFinancingSessionInput = ReadFinancingSessionInput

/** Longer than the slowest sync (a cart completion), so queued duplicates wait rather than fail. */
const LOCK_WAIT_SECONDS = 120
/** A lock whose holder died frees itself after this; longer than the slowest sync, like the wait. */
const LOCK_TTL_SECONDS = 120
/**
 * How often a queued sync tries the lock again. Duplicate callbacks arrive together and most syncs take a
 * few tens of milliseconds, so the default 0.3 s made a burst of them wait mostly on the poll; each try
 * is one cheap lock attempt.
 */
const LOCK_RETRY_SECONDS = 0.05

/**
 * Syncs one financing payment session with its application's status at the service, holding a lock on the
 * session so that duplicate and concurrent callbacks (and a reconciliation run meeting a callback) are
 * handled one after another, each seeing what the one before it did.
 *
 * It reads the session and the status (never from a callback's body), records the status in the ledger,
 * sends the queued returns a settled return released, and records a decline, an expiry or an error on the
 * session (Medusa then refuses to complete the cart with it, and the storefront can offer another way to
 * pay). A signed contract then goes through Medusa's processPaymentWorkflow, which completes the cart into
 * an order; a funded one is captured. The lock is released at the end, or by compensation when a step
 * fails.
 */
export const syncFinancingSessionWorkflow = createWorkflow(
  syncFinancingSessionWorkflowId,
  (input: SyncFinancingSessionInput) => {
    const lock = transform({ input }, ({ input }) => ({
      key: `retail-financing:session:${input.session_id}`,
      // One owner per run: a run whose lock outlived its TTL can then never release the next holder's.
      ownerId: `${syncFinancingSessionWorkflowId}:${randomUUID()}`,
      timeout: LOCK_WAIT_SECONDS,
      ttl: LOCK_TTL_SECONDS,
      retryInterval: LOCK_RETRY_SECONDS,
      // Lock steps do nothing in a sub-workflow unless told to; this lock must hold however the sync runs.
      executeOnSubWorkflow: true,
    }))
    acquireLockStep(lock)

    const state = readFinancingSessionStep(input)
    const releasedActionIds = recordFinancingApplicationStep({ state })
    sendFinancingActionsStep({ action_ids: releasedActionIds })

    when("mark-declined-expired-or-progress", { state }, ({ state }) =>
      ["fail", "cancel", "record"].includes(state.action)
    ).then(() => {
      markFinancingSessionStep(
        transform({ state }, ({ state }) => ({
          state,
          status:
            state.action === "fail"
              ? ("error" as const)
              : state.action === "cancel"
                ? ("canceled" as const)
                : state.session_status,
        }))
      )
    })

    when("process-signed-or-funded-payment", { state }, ({ state }) =>
      ["authorize", "capture"].includes(state.action)
    ).then(() => {
      processFinancingPaymentStep(
        transform({ state }, ({ state }) => ({
          session_id: state.session_id,
          amount: state.amount,
          action: state.action === "authorize" ? ("authorize" as const) : ("capture" as const),
        }))
      )
    })

    releaseLockStep(lock)
    return new WorkflowResponse(state)
  }
)
