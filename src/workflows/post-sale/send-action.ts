import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import type { ActionKind } from "../../domain/post-sale/action-kinds"
import { describeFailure, isPassingFailure, nextAttemptDelayMs } from "../../domain/post-sale/action-retry"
import type { LedgerApplication } from "../../modules/retail-financing"
import { ActionRefusedError, type PerformContext, type PerformResult } from "./perform/context"
import { performDelivery } from "./perform/delivery"
import { performInvoice } from "./perform/invoice"
import { performOrderReferences } from "./perform/order-references"
import { performReturnRequest } from "./perform/return-request"

/** Longer than one send with the client's own retries; a sender that dies leaves the action to the job after. */
export const SEND_LEASE_MS = 5 * 60_000

const PERFORMERS: Record<ActionKind, (context: PerformContext) => Promise<PerformResult>> = {
  order_references: performOrderReferences,
  invoice: performInvoice,
  delivery: performDelivery,
  return: performReturnRequest,
}

export type SendOutcome = "sent" | "rescheduled" | "failed" | "not_due"

/**
 * Sends one recorded action if it is due and no one else is sending it, and records what happened: done,
 * tried again later with backoff while the service fails or is down, or failed for a person to look at.
 */
export async function sendAction(container: MedusaContainer, actionId: string, now = () => new Date()) {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  if (!(await financing.claimAction(actionId, SEND_LEASE_MS))) return { outcome: "not_due" as SendOutcome }

  const action = await financing.retrieveFinancingAction(actionId, { relations: ["application"] })
  const context: PerformContext = {
    container,
    client: financing.getClient(),
    options: financing.getOptions(),
    application: action.application,
    action: action,
  }
  const attempts = action.attempts + 1
  try {
    const { result } = await PERFORMERS[action.kind](context)
    await financing.updateFinancingActions({
      id: action.id,
      state: "succeeded",
      attempts,
      result,
      last_error: null,
      lease_until: null,
      next_attempt_at: null,
      completed_at: now(),
    })
    if (action.kind === "return") await followReturn(container, financing, action.application)
    return { outcome: "sent" as SendOutcome }
  } catch (error) {
    const passing = !(error instanceof ActionRefusedError) && isPassingFailure(error)
    const lastError = describeFailure(error)
    await financing.updateFinancingActions({
      id: action.id,
      state: passing ? "pending" : "failed",
      attempts,
      last_error: lastError,
      lease_until: null,
      next_attempt_at: passing ? new Date(now().getTime() + nextAttemptDelayMs(attempts)) : null,
    })
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const what = `retail-financing: ${action.kind} for application ${action.application.public_id} (${action.cause})`
    if (passing) logger.warn(`${what} failed, attempt ${attempts}, will retry: ${lastError}`)
    else logger.error(`${what} was refused and needs a person: ${lastError}`)
    return { outcome: (passing ? "rescheduled" : "failed") as SendOutcome }
  }
}

/** The service moves an application to PendingReturn on a return request: show it without waiting. */
async function followReturn(
  container: MedusaContainer,
  financing: RetailFinancingModuleService,
  application: LedgerApplication
): Promise<void> {
  try {
    const readStartedAt = new Date()
    const { releasedActionIds } = await financing.recordApplication({
      publicId: application.public_id,
      sessionId: application.payment_session_id,
      cartId: application.cart_id,
      amount: Number(application.amount),
      observed: await financing.getClient().getApplicationStatus(application.public_id),
      readStartedAt,
    })
    // The service settled it at once (a Partial can), so the next queued return need not wait for the job.
    for (const id of releasedActionIds) await sendAction(container, id)
  } catch (error) {
    // The callback and the reconciliation job will bring the status; the return itself was sent.
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `retail-financing: reading ${application.public_id} after its return request failed: ${describeFailure(error)}`
      )
  }
}
