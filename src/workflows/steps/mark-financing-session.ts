import type { PaymentSessionStatus } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { FinancingSessionState } from "./read-financing-session"

export interface MarkFinancingSessionInput {
  state: FinancingSessionState
  status: PaymentSessionStatus
}

/**
 * Records the application's status on the session, and for a decline, an expiry or an error, the session's
 * own status: Medusa then refuses to complete the cart with it, and the storefront can offer another way
 * to pay. Medusa's own webhook flow ignores these outcomes.
 */
export const markFinancingSessionStep = createStep(
  "mark-financing-session",
  async ({ state, status }: MarkFinancingSessionInput, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    await payments.updatePaymentSession({
      id: state.session_id,
      amount: state.amount,
      currency_code: state.currency_code,
      data: { ...state.data, applicationStatus: state.application_status },
      status,
    })
    return new StepResponse(undefined, state)
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: previous.session_id,
      amount: previous.amount,
      currency_code: previous.currency_code,
      data: previous.data,
      status: previous.session_status,
    })
  }
)
