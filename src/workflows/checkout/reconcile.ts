import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { isFinancingProviderId } from "../../config/provider-id"
import { sessionDataOf } from "../../domain/checkout/session-data"
import { syncFinancingSession } from "./sync-session"

const OPEN_STATUSES: ReadonlySet<string> = new Set(["pending", "requires_more", "authorized"])

/** How far back open applications are followed; the service expires unsigned ones well before this. */
const LOOKBACK_DAYS = 30

export interface ReconciliationReport {
  days: number
  sessions: number
  synced: number
  failed: number
}

/**
 * Applies every status change that callbacks missed. Open financing sessions are grouped by the day their
 * application was created, and each day is read with one call (endpoint 6), not one call per application;
 * a session whose application moved is then synced exactly as a callback would sync it.
 */
export async function reconcileFinancingApplications(
  container: MedusaContainer,
  now: Date = new Date()
): Promise<ReconciliationReport> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const { storeCode } = financing.getOptions()
  const client = financing.getClient()

  const sessions = await openFinancingSessions(container, now)
  const byDay = new Map<string, { sessionId: string; publicId: string }[]>()
  for (const session of sessions) {
    const day = byDay.get(session.createdDate) ?? []
    day.push(session)
    byDay.set(session.createdDate, day)
  }

  const report: ReconciliationReport = { days: byDay.size, sessions: sessions.length, synced: 0, failed: 0 }
  for (const [day, daySessions] of byDay) {
    const listedAt = new Date()
    const listed = new Map((await client.listApplications(storeCode, day)).map((app) => [app.publicId, app]))
    for (const session of daySessions) {
      const application = listed.get(session.publicId)
      try {
        // Missing from its day's list (the service may date applications in another time zone): read its
        // status on its own rather than never see it again.
        const result = await syncFinancingSession(
          container,
          session.sessionId,
          application,
          application && listedAt
        )
        if (result.action !== "none") report.synced += 1
      } catch (error) {
        report.failed += 1
        logger.warn(
          `retail-financing: reconciling session ${session.sessionId} failed: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    }
  }
  return report
}

/** Financing sessions that may still change Medusa's state: not yet failed or canceled, and recent. */
async function openFinancingSessions(container: MedusaContainer, now: Date) {
  const payments = container.resolve(Modules.PAYMENT)
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 24 * 3600 * 1000)
  // Every registration of the provider, whatever id the store gave it.
  const providers = await payments.listPaymentProviders({}, { select: ["id"] })
  const providerIds = providers.map((provider) => provider.id).filter(isFinancingProviderId)
  if (providerIds.length === 0) return []
  const sessions = await payments.listPaymentSessions(
    {
      provider_id: providerIds,
      created_at: { $gte: since.toISOString() },
    },
    { select: ["id", "data", "status"], relations: ["payment"] }
  )
  return sessions
    .filter((session) => OPEN_STATUSES.has(session.status) && !session.payment?.captured_at)
    .flatMap((session) => {
      try {
        const data = sessionDataOf(session.data)
        return data.createdDate
          ? [{ sessionId: session.id, publicId: data.publicId, createdDate: data.createdDate }]
          : []
      } catch {
        return []
      }
    })
}
