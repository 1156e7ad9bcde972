import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import {
  type ApplicationStatusChangedData,
  payoutRecordedEvents,
  statusChangedEvents,
} from "../../../domain/events/financing-events"
import { fromCents } from "../../../domain/money"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { FinancingApplicationState } from "./read-financing-application"

/**
 * Keeps the ledger's record of the application: its status and history, contract figures and funding.
 * Returns the ids of returns released by a return the service just settled, and the status event of this
 * write (none when the status did not move: a duplicate callback or a reconciliation that read nothing new),
 * and the payout event of the write (none when it recorded no news of the lender's payment).
 */
export const recordFinancingApplicationStep = createStep(
  "record-financing-application",
  async ({ state }: { state: FinancingApplicationState }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const { application, releasedActionIds, statusChange, payoutChange } =
      await financing.ledger.recordApplication({
        publicId: state.public_id,
        sessionId: state.session?.id ?? null,
        cartId: state.cart_id,
        amount: fromCents(state.amount_cents),
        observed: state.application,
        readStartedAt: state.read_started_at ? new Date(state.read_started_at) : undefined,
      })
    const statusEvents: ApplicationStatusChangedData[] = statusChangedEvents(application, statusChange)
    return new StepResponse({
      releasedActionIds,
      statusEvents,
      payoutEvents: payoutRecordedEvents(application, payoutChange),
    })
  }
)
