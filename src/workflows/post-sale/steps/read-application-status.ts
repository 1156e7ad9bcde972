import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import {
  type ApplicationStatusChangedData,
  type PayoutRecordedData,
  payoutRecordedEvents,
  statusChangedEvents,
} from "../../../domain/events/financing-events"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import {
  type LedgerApplication,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
  createdApplication,
} from "../../../modules/retail-financing"

/**
 * Reads an application's status at the service by id and records it in the ledger, which settles the
 * returns the service settled and releases the next queued one. Returns the released ids and the status
 * and payout events of the write (none when it recorded nothing new).
 */
export async function readAndRecordStatus(
  financing: RetailFinancingModuleService,
  recorded: LedgerApplication
): Promise<{
  released: string[]
  statusEvents: ApplicationStatusChangedData[]
  payoutEvents: PayoutRecordedData[]
}> {
  const application = createdApplication(recorded)
  const readStartedAt = new Date()
  const {
    application: written,
    releasedActionIds,
    statusChange,
    payoutChange,
  } = await financing.ledger.recordApplication({
    publicId: application.public_id,
    sessionId: application.payment_session_id,
    cartId: application.cart_id,
    amount: Number(application.amount),
    observed: await financing.getClient(application.store_code).getApplicationStatus(application.public_id),
    readStartedAt,
  })
  return {
    released: releasedActionIds,
    statusEvents: statusChangedEvents(written, statusChange),
    payoutEvents: payoutRecordedEvents(written, payoutChange),
  }
}

/**
 * After a return request is sent: the service moves the application to PendingReturn, so show it without
 * waiting; if it settled at once (a Partial can), the next queued return need not wait for the job.
 * A failed read is logged: the callback and the reconciliation job will bring the status.
 */
export const followSentReturnStep = createStep(
  "follow-sent-return",
  async ({ application_id }: { application_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.retrieveFinancingApplication(application_id)
    try {
      return new StepResponse(await readAndRecordStatus(financing, application))
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `retail-financing: reading ${application.public_id} after its return request failed: ${describeFailure(error)}`
        )
      return new StepResponse({
        released: [] as string[],
        statusEvents: [] as ApplicationStatusChangedData[],
        payoutEvents: [] as PayoutRecordedData[],
      })
    }
  }
)
