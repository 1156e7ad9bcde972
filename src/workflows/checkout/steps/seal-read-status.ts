import { Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { sealStatus } from "../../../domain/checkout/proofs"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { FinancingApplicationState } from "./read-financing-application"

/**
 * Puts the status just read, sealed, in the session's data before Medusa asks the provider to authorize (a
 * cart completion, or an order's payment repaired): the provider takes it instead of reading the same status
 * again (one read per callback, not two), in whichever server process Medusa runs it. The session's own status is left as it is. No compensation: a
 * sealed read that goes unused only expires.
 */
export const sealReadStatusStep = createStep(
  "seal-read-status",
  async ({ state }: { state: FinancingApplicationState }, { container }) => {
    const session = state.session!
    const { callbackSecret } = container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .getOptions()
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      status: session.status,
      data: {
        ...session.data,
        applicationStatus: state.application_status,
        recentStatus: sealStatus(
          callbackSecret,
          state.public_id,
          { ...state.application, signedInvoiceAmount: state.signed_invoice_amount },
          new Date(state.read_started_at!)
        ),
      },
    })
    return new StepResponse(undefined)
  }
)
