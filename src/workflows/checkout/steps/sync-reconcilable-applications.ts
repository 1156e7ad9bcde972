import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { describeFailure } from "../../../domain/post-sale/action-retry"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { actionOf, runApplicationSync } from "../utils/run-application-sync"
import type { ReconcilableApplication } from "./list-reconcilable-applications"

export interface ReconciliationReport {
  /** Creation days read from the service, one list call each. */
  days: number
  applications: number
  /** Applications whose sync changed something. */
  synced: number
  failed: number
}

/**
 * Syncs each application through the sync workflow, exactly as a callback would. Applications are grouped by
 * the day they were created, and each day is read with one call (endpoint 6), not one status read per
 * application; the listed status is handed to the sync. Each application is synced as a callback would be
 * (runApplicationSync, under its own lock), so one failure is counted and logged without stopping the
 * others.
 */
export const syncReconcilableApplicationsStep = createStep(
  "sync-reconcilable-applications",
  async ({ applications }: { applications: ReconcilableApplication[] }, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const { storeCode } = financing.getOptions()
    const client = financing.getClient()

    const byDay = new Map<string, ReconcilableApplication[]>()
    for (const application of applications) {
      byDay.set(application.created_date, [...(byDay.get(application.created_date) ?? []), application])
    }
    const report: ReconciliationReport = {
      days: byDay.size,
      applications: applications.length,
      synced: 0,
      failed: 0,
    }
    for (const [day, dayApplications] of byDay) {
      const listedAt = new Date().toISOString()
      const listed = new Map(
        (await client.listApplications(storeCode, day)).map((app) => [app.publicId, app])
      )
      for (const application of dayApplications) {
        const read = listed.get(application.public_id)
        try {
          // Missing from its day's list (the service may date applications in another time zone): the sync
          // reads its status on its own rather than never see it again.
          // A callback's sync holding the application reads the status again for this run's request.
          const sync = await runApplicationSync(container, {
            application_id: application.application_id,
            known_application: read,
            known_read_started_at: read && listedAt,
          })
          if (!sync.queued && actionOf(sync.passes) !== "none") report.synced += 1
        } catch (error) {
          report.failed += 1
          logger.warn(
            `retail-financing: reconciling application ${application.public_id} (ledger ` +
              `${application.application_id}) failed: ${describeFailure(error)}`
          )
        }
      }
    }
    return new StepResponse(report)
  }
)
