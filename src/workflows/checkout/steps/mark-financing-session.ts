import type { PaymentSessionStatus } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { ApplicationStatusValue } from "../../../lib/financing/schemas"
import type { FinancingSessionView } from "./read-financing-application"

export interface MarkFinancingSessionInput {
  session: FinancingSessionView
  application_status: ApplicationStatusValue
  status: PaymentSessionStatus
  /** Merged into the session data (a contract exception's reason for the return page). */
  data?: Record<string, unknown>
}

/**
 * Records the application's status on the session, and for a decline, an expiry, an error or a signed
 * contract that cannot complete the cart, the session's own status: Medusa then refuses to complete the cart
 * with it, and the storefront can offer another way to pay. Medusa's own webhook flow ignores these outcomes.
 */
export const markFinancingSessionStep = createStep(
  "mark-financing-session",
  async ({ session, application_status, status, data }: MarkFinancingSessionInput, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    await payments.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...session.data, applicationStatus: application_status, ...data },
      status,
    })
    return new StepResponse(undefined, session)
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: previous.id,
      amount: previous.amount,
      currency_code: previous.currency_code,
      data: previous.data,
      status: previous.status,
    })
  }
)
