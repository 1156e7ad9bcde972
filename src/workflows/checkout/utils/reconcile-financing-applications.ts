import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type { ApplicationStatus } from "../../../lib/financing/schemas"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { ReconcilableApplication } from "../steps/list-reconcilable-applications"
import { reconcileFinancingSessionsWorkflow } from "../workflows/reconcile-financing-sessions"
import { actionOf, runApplicationSync } from "./run-application-sync"

export interface ReconciliationReport {
  /** List calls made: one per store code and creation day. */
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
 * Applications are grouped by store code and the day they were created, and each store's day is read with
 * one call (endpoint 6) with that store's token, not one status read per application; the listed status is
 * handed to the sync. One failure is counted and logged without stopping the others, and so is a store's
 * day whose list call fails. Two runs at once are harmless: the locks put their syncs one after another,
 * and the second finds nothing left to do.
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
  const topLevelCode = financing.getOptions().storeCode

  const byStoreDay = new Map<
    string,
    { storeCode: string; day: string; applications: ReconcilableApplication[] }
  >()
  for (const application of applications) {
    const storeCode = application.store_code ?? topLevelCode
    const key = JSON.stringify([storeCode, application.created_date])
    const group = byStoreDay.get(key) ?? { storeCode, day: application.created_date, applications: [] }
    group.applications.push(application)
    byStoreDay.set(key, group)
  }
  const report: ReconciliationReport = {
    days: byStoreDay.size,
    applications: applications.length,
    synced: 0,
    failed: 0,
  }
  for (const { storeCode, day, applications: dayApplications } of byStoreDay.values()) {
    const listedAt = new Date().toISOString()
    let listed: Map<string, ApplicationStatus>
    try {
      listed = await listedApplications(financing, storeCode, day)
    } catch (error) {
      // One store's failure (its token refused, the service down) does not stop the other stores': its
      // applications wait for the next run rather than cost a status read each now.
      report.failed += dayApplications.length
      logger.warn(
        `retail-financing: listing store ${storeCode}'s applications of ${day} failed: ${describeFailure(error)}`
      )
      continue
    }
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

/** A store's applications of one day, by public id (endpoint 6, with that store's own token). */
async function listedApplications(
  financing: RetailFinancingModuleService,
  storeCode: string,
  day: string
): Promise<Map<string, ApplicationStatus>> {
  const listed = await financing.getClient(storeCode).listApplications(storeCode, day)
  return new Map(listed.map((app) => [app.publicId, app]))
}
