import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type {
  ApplicationStatusChangedData,
  PayoutRecordedData,
} from "../../../domain/events/financing-events"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { readAndRecordStatus } from "./read-application-status"

/** Status reads per run: with a slow service one run still ends well before the next. */
const BATCH = 100

export interface OpenReturnsReport {
  applications: number
  released: number
  failed: number
}

/**
 * Reads, by id, each application whose return the ledger shows unsettled, and records its status. Returns
 * the report and the queued returns that released, for the caller to send once the workflow has ended.
 */
export const followOpenReturnsStep = createStep("follow-open-returns", async (_: void, { container }) => {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const publicIds = await financing.actions.applicationsAwaitingReturn(BATCH)
  const report: OpenReturnsReport = { applications: publicIds.length, released: 0, failed: 0 }
  const released: string[] = []
  const statusEvents: ApplicationStatusChangedData[] = []
  const payoutEvents: PayoutRecordedData[] = []
  for (const publicId of publicIds) {
    try {
      const application = await financing.ledger.findApplication({ public_id: publicId })
      if (!application) continue
      const read = await readAndRecordStatus(financing, application)
      const ids = read.released
      released.push(...ids)
      statusEvents.push(...read.statusEvents)
      payoutEvents.push(...read.payoutEvents)
      report.released += ids.length
    } catch (error) {
      report.failed += 1
      logger.warn(`retail-financing: following the return of ${publicId} failed: ${describeFailure(error)}`)
    }
  }
  return new StepResponse({
    report,
    released_action_ids: released,
    status_events: statusEvents,
    payout_events: payoutEvents,
  })
})
