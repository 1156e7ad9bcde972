import { randomUUID } from "node:crypto"

import { WorkflowResponse, createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"

import { markFinancingSessionStep } from "./steps/mark-financing-session"
import { processFinancingPaymentStep } from "./steps/process-financing-payment"
import {
  type ReadFinancingApplicationInput,
  readFinancingApplicationStep,
} from "./steps/read-financing-application"
import { recordFinancingApplicationStep } from "./steps/record-financing-application"
import { recordRepairedOrderStep } from "./steps/record-repaired-order"
import { sendFinancingActionsStep } from "./steps/send-financing-actions"

export const syncFinancingApplicationWorkflowId = "retail-financing-sync-application"

export type SyncFinancingApplicationInput = ReadFinancingApplicationInput

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

/** The lock of one ledger application: every sync of it (callback or reconciliation) holds it. */
export const applicationLockKey = (applicationId: string) => `retail-financing:application:${applicationId}`

/**
 * Syncs one ledger application with its status at the service, holding a lock on the application so that
 * duplicate and concurrent callbacks (and a reconciliation run meeting a callback) are handled one after
 * another, each seeing what the one before it did.
 *
 * It reads the application, its live payment session and the status (never from a callback's body), records
 * the status in the ledger, sends the queued returns a settled return released, and records a decline, an
 * expiry or an error on the session (Medusa then refuses to complete the cart with it, and the storefront
 * can offer another way to pay). A signed contract then goes through Medusa's processPaymentWorkflow, which
 * completes the cart into an order; a funded one is captured. An order that exists without its payment
 * (Medusa stopped between the two) is authorized, linked in the ledger and given its post-sale actions. The lock is released at the end, or by
 * compensation when a step fails.
 */
export const syncFinancingApplicationWorkflow = createWorkflow(
  syncFinancingApplicationWorkflowId,
  (input: SyncFinancingApplicationInput) => {
    const lock = transform({ input }, ({ input }) => ({
      key: applicationLockKey(input.application_id),
      // One owner per run: a run whose lock outlived its TTL can then never release the next holder's.
      ownerId: `${syncFinancingApplicationWorkflowId}:${randomUUID()}`,
      timeout: LOCK_WAIT_SECONDS,
      ttl: LOCK_TTL_SECONDS,
      retryInterval: LOCK_RETRY_SECONDS,
      // Lock steps do nothing in a sub-workflow unless told to; this lock must hold however the sync runs.
      executeOnSubWorkflow: true,
    }))
    acquireLockStep(lock)

    const state = readFinancingApplicationStep(input)
    const releasedActionIds = recordFinancingApplicationStep({ state })
    sendFinancingActionsStep({ action_ids: releasedActionIds })

    when("mark-declined-expired-or-progress", { state }, ({ state }) =>
      Boolean(state.session && ["fail", "cancel", "record"].includes(state.action))
    ).then(() => {
      markFinancingSessionStep(
        transform({ state }, ({ state }) => ({
          session: state.session!,
          application_status: state.application_status,
          status:
            state.action === "fail"
              ? ("error" as const)
              : state.action === "cancel"
                ? ("canceled" as const)
                : state.session!.status,
        }))
      )
    })

    when("process-signed-or-funded-payment", { state }, ({ state }) =>
      Boolean(state.session && ["authorize", "capture"].includes(state.action))
    ).then(() => {
      processFinancingPaymentStep(
        transform({ state }, ({ state }) => ({
          session_id: state.session!.id,
          amount: state.session!.amount,
          action: state.action === "authorize" ? ("authorize" as const) : ("capture" as const),
        }))
      )
    })

    when("link-repaired-order", { state }, ({ state }) =>
      Boolean(
        state.session &&
        !state.session.has_payment &&
        state.order_id &&
        ["authorize", "capture"].includes(state.action)
      )
    ).then(() => {
      recordRepairedOrderStep(
        transform({ state }, ({ state }) => ({
          application_id: state.application_id,
          order_id: state.order_id!,
        }))
      )
    })

    releaseLockStep(lock)
    return new WorkflowResponse(state)
  }
)
