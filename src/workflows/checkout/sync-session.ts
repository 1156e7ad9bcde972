import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"

import type { ApplicationStatus } from "../../lib/financing/schemas"
import { syncFinancingSessionWorkflow } from "../sync-financing-session"
import type { FinancingSessionState } from "../steps/read-financing-session"

/** Longer than the slowest sync (a cart completion), so queued duplicates wait rather than fail. */
const LOCK_TIMEOUT_SECONDS = 120

/**
 * Syncs one session while holding a lock on it, so duplicate and concurrent callbacks (and a
 * reconciliation run meeting a callback) are handled one after another, each seeing what the one before
 * it did. A signed contract then goes through Medusa's own processPaymentWorkflow, which authorizes the
 * payment and completes the cart into an order (reusing an order that exists); a funded one is captured.
 */
export async function syncFinancingSession(
  container: MedusaContainer,
  sessionId: string,
  known?: ApplicationStatus,
  knownReadStartedAt?: Date
): Promise<FinancingSessionState> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    `retail-financing:session:${sessionId}`,
    async () => {
      const { result: state } = await syncFinancingSessionWorkflow(container).run({
        input: {
          session_id: sessionId,
          known_application: known,
          known_read_started_at: knownReadStartedAt?.toISOString(),
        },
      })
      if (state.action === "authorize" || state.action === "capture") {
        await processPaymentWorkflow(container).run({
          input: {
            action: state.action === "authorize" ? PaymentActions.AUTHORIZED : PaymentActions.SUCCESSFUL,
            data: { session_id: state.session_id, amount: state.amount },
          },
        })
      }
      return state
    },
    { timeout: LOCK_TIMEOUT_SECONDS }
  )
}
