import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { jobSchedule } from "../config/job-schedules"
import { isLockBusy } from "../domain/lock-busy"
import { followOpenReturnsWorkflow } from "../workflows/post-sale/workflows/follow-open-returns"
import { sendFinancingActions } from "../workflows/post-sale/utils/send-actions"
import { reconcileFinancingApplications } from "../workflows/checkout/utils/reconcile-financing-applications"

/**
 * Callbacks can be lost. Every five minutes (option reconcileSchedule), apply what they missed: open
 * sessions, and returns not yet settled. Medusa runs jobs in its worker; with the Redis workflow engine one
 * worker of the deployment takes each tick. Otherwise every worker runs it: one run at a time holds the lock,
 * and every step it takes is idempotent, so an overlap does no harm.
 */
export default async function reconcileFinancingApplicationsJob(container: MedusaContainer): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const locking = container.resolve(Modules.LOCKING)
  await locking
    .execute(
      "retail-financing:reconcile",
      async () => {
        const report = await reconcileFinancingApplications(container)
        if (report.synced > 0 || report.failed > 0) {
          logger.info(
            `retail-financing: reconciled ${report.applications} open applications over ${report.days} days: ` +
              `${report.synced} updated, ${report.failed} failed`
          )
        }
        const { result: followed } = await followOpenReturnsWorkflow(container).run()
        await sendFinancingActions(container, followed.released_action_ids)
        const returns = followed.report
        if (returns.released > 0 || returns.failed > 0) {
          logger.info(
            `retail-financing: followed ${returns.applications} open returns: ` +
              `${returns.released} queued returns released, ${returns.failed} failed`
          )
        }
      },
      { timeout: 1 }
    )
    // Another instance holds the lock and is doing this very work: nothing to add.
    .catch((error: unknown) => {
      if (!isLockBusy(error)) throw error
    })
}

export const config = {
  name: "retail-financing-reconcile-applications",
  // Read once, as Medusa loads the job: the store's option, or every five minutes.
  get schedule(): string {
    return jobSchedule("reconcileSchedule")
  },
}
