import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { describeFailure } from "../../../domain/post-sale/action-retry"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { ReconcilableApplication } from "../steps/list-reconcilable-applications"
import { reconcileFinancingSessionsWorkflow } from "../workflows/reconcile-financing-sessions"
import { actionOf, runApplicationSync } from "./run-application-sync"

export interface ReconciliationReport {
  /** Creation days read from the service, one list call each. */
  days: number
  applications: number
  /** Applications whose sync changed something. */
  synced: number
  failed: number
}

/**
 * One reconciliation run (the scheduled job's): applies every status change that callbacks missed. The
 * reconcile workflow lists the ledger applications whose checkout may still change Medusa; then each is
 * synced exactly as a callback would be (runApplicationSync, the one holder of the application's lock, which
 * runs the sync workflow), one after another, outside any workflow: a step never runs a whole workflow.
 * Applications are grouped by the day they were created, and each day is read with one call (endpoint 6),
 * not one status read per application; the listed status is handed to the sync. One failure is counted and
 * logged without stopping the others. Two runs at once are harmless: the locks put their syncs one after
 * another, and the second finds nothing left to do.
 */
export async function reconcileFinancingApplications(
  container: MedusaContainer
): Promise<ReconciliationReport> {
  const { result: applications } = await reconcileFinancingSessionsWorkflow(container).run()
  return syncEach(container, applications)
}

async function syncEach(
  container: MedusaContainer,
  applications: ReconcilableApplication[]
): Promise<ReconciliationReport> {
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
    const listed = new Map((await client.listApplications(storeCode, day)).map((app) => [app.publicId, app]))
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
  return report
}
