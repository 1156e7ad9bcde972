import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { runApplicationSync } from "./run-application-sync"

/** At most one read of the service a minute per application, for all the admin's views together. */
export const VIEW_READ_INTERVAL_SECONDS = 60

/**
 * Statuses the lender changes by itself while the merchant waits: a signed contract awaiting its funding, and
 * a return awaiting its settlement. The admin's views of such an application make the plugin read it.
 */
const FOLLOWED_STATUSES = new Set([
  "SignedWaitingForInvoice",
  "SignedWaitingForInvoiceApproval",
  "Signed",
  "PendingReturn",
])

export interface ViewedApplication {
  id: string
  public_id: string | null
  order_id: string | null
  status: string
}

export const followsLender = (application: ViewedApplication): boolean =>
  Boolean(application.public_id && application.order_id) && FOLLOWED_STATUSES.has(application.status)

/**
 * Claims this minute's read of the application, in one statement so two views at once (two tabs, two
 * admins, two server processes) cannot both claim it: true for the one view that should read.
 */
async function claimViewRead(container: MedusaContainer, applicationId: string): Promise<boolean> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const result = await knex.raw<{ rows: { id: string }[] }>(
    `update "retail_financing_application" set "viewed_read_at" = now()
     where "id" = ? and "deleted_at" is null
       and ("viewed_read_at" is null or "viewed_read_at" < now() - make_interval(secs => ?))
     returning "id"`,
    [applicationId, VIEW_READ_INTERVAL_SECONDS]
  )
  return result.rows.length > 0
}

/**
 * How long a view waits for its reads before it answers with the ledger as it is. A service that is down or
 * slow must not hold the admin's page for the client's timeouts and retries of every followed row; the
 * reads go on after the answer, and the page's next refetch shows what they found.
 */
export const VIEW_READ_BUDGET_MS = 2_000

/**
 * The admin follows the lender: when the order widget or the applications list shows a contract awaiting
 * funding or a return's settlement, the plugin reads its status at the service, at most once a minute per
 * application (the claim is recorded in the ledger, not per tab), through the same sync a callback runs,
 * one application after another. The view waits for them at most VIEW_READ_BUDGET_MS, then shows the
 * ledger as those reads left it. A read that fails is logged and the view shows the ledger as it was: the
 * callbacks and the reconciliation job still follow the application.
 *
 * Returns how many applications were read within the budget.
 */
export async function followLenderOnView(
  container: MedusaContainer,
  applications: readonly ViewedApplication[],
  budgetMs: number = VIEW_READ_BUDGET_MS
): Promise<number> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let read = 0
  const reads = (async () => {
    for (const application of applications.filter(followsLender)) {
      if (!(await claimViewRead(container, application.id))) continue
      try {
        // No wait for the lock: a sync already running (a callback's) reads for this view too.
        await runApplicationSync(container, { application_id: application.id }, 0)
        read += 1
      } catch (error) {
        logger.warn(
          `Retail financing: reading application ${application.id} for the admin failed: ${(error as Error).message}`
        )
      }
    }
  })()
  let timer: NodeJS.Timeout | undefined
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, budgetMs)
  })
  await Promise.race([reads, budget])
  clearTimeout(timer)
  return read
}
