import type { PaymentSessionStatus } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { rememberStatus } from "../../config/recent-status"
import { type SessionAction, sessionActionFor } from "../../domain/checkout/session-action"
import type { ApplicationStatus, ApplicationStatusValue } from "../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { isFinancingProviderId } from "../../config/provider-id"
import { sessionDataOf } from "../../domain/checkout/session-data"

export interface ReadFinancingSessionInput {
  session_id: string
  /** A status already read from the service (reconciliation lists them); otherwise it is read here. */
  known_application?: ApplicationStatus
  /** When the read of `known_application` started (ISO): the ledger weighs a read by its age. */
  known_read_started_at?: string
}

export interface FinancingSessionState {
  session_id: string
  session_status: PaymentSessionStatus
  amount: number
  currency_code: string
  data: Record<string, unknown>
  application_status: ApplicationStatusValue
  /** The whole status read, for the ledger. */
  application: ApplicationStatus
  /** When that read started (ISO), unknown for a status handed in without its time. */
  read_started_at: string | null
  public_id: string
  cart_id: string
  action: SessionAction
}

/**
 * Reads a financing payment session and its application's status from the service (never from a
 * callback's body), and decides what Medusa must do about it.
 */
export const readFinancingSessionStep = createStep(
  "read-financing-session",
  async (input: ReadFinancingSessionInput, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    const session = await payments.retrievePaymentSession(input.session_id, {
      select: ["id", "status", "amount", "currency_code", "provider_id", "data", "payment_collection_id"],
      relations: ["payment"],
    })
    if (!isFinancingProviderId(session.provider_id)) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `payment session ${input.session_id} is not a financing session`
      )
    }
    const data = session.data ?? {}
    const sessionData = sessionDataOf(data)
    const readStartedAt = input.known_application
      ? (input.known_read_started_at ?? null)
      : new Date().toISOString()
    const application: ApplicationStatus =
      input.known_application ??
      (await container
        .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
        .getClient()
        .getApplicationStatus(sessionData.publicId))
    // Spares the provider's authorization a second read of the same status; see config/recent-status.ts.
    rememberStatus(sessionData.publicId, application)

    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: orders } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: sessionData.cartId },
    })
    const action = sessionActionFor({
      sessionStatus: session.status,
      application,
      cartCents: sessionData.amountCents,
      recordedStatus: sessionData.applicationStatus,
      hasOrder: orders.length > 0,
      captured: Boolean(session.payment?.captured_at),
    })
    const state: FinancingSessionState = {
      session_id: session.id,
      session_status: session.status,
      amount: Number(session.amount),
      currency_code: session.currency_code,
      data,
      application_status: application.status,
      application,
      read_started_at: readStartedAt,
      public_id: sessionData.publicId,
      cart_id: sessionData.cartId,
      action,
    }
    return new StepResponse(state)
  }
)
