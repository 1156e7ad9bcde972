import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { resolveFinancingApplication } from "../checkout/resolve-financing-application"
import { syncFinancingApplicationWorkflow } from "../sync-financing-application"
import type { OpenFinancingSession } from "./list-open-financing-sessions"

export interface ReconciliationReport {
  /** Creation days read from the service, one list call each. */
  days: number
  sessions: number
  /** Sessions whose sync changed something. */
  synced: number
  failed: number
}

/**
 * Syncs each open session through the sync workflow, exactly as a callback would. Sessions are grouped by
 * the day their application was created, and each day is read with one call (endpoint 6), not one status
 * read per application; the listed status is handed to the sync. Each session runs as its own workflow, so
 * it takes its own lock and one failure is counted and logged without stopping the others.
 */
export const syncOpenFinancingSessionsStep = createStep(
  "sync-open-financing-sessions",
  async ({ sessions }: { sessions: OpenFinancingSession[] }, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const { storeCode } = financing.getOptions()
    const client = financing.getClient()

    const byDay = new Map<string, OpenFinancingSession[]>()
    for (const session of sessions) {
      byDay.set(session.created_date, [...(byDay.get(session.created_date) ?? []), session])
    }
    const report: ReconciliationReport = { days: byDay.size, sessions: sessions.length, synced: 0, failed: 0 }
    for (const [day, daySessions] of byDay) {
      const listedAt = new Date().toISOString()
      const listed = new Map(
        (await client.listApplications(storeCode, day)).map((app) => [app.publicId, app])
      )
      for (const session of daySessions) {
        const application = listed.get(session.public_id)
        try {
          // Missing from its day's list (the service may date applications in another time zone): the sync
          // reads its status on its own rather than never see it again.
          const applicationId = await resolveFinancingApplication(container, session.session_id)
          if (!applicationId) continue
          const { result } = await syncFinancingApplicationWorkflow(container).run({
            input: {
              application_id: applicationId,
              known_application: application,
              known_read_started_at: application && listedAt,
            },
          })
          if (result.action !== "none") report.synced += 1
        } catch (error) {
          report.failed += 1
          logger.warn(
            `retail-financing: reconciling session ${session.session_id} failed: ${messageOf(error)}`
          )
        }
      }
    }
    return new StepResponse(report)
  }
)

/** A workflow hands back its step's error as thrown, or as a plain object carrying the message. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : String(error)
}
