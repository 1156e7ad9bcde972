import type { MedusaContainer, PaymentSessionStatus } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { isFinancingProviderId } from "../../../config/provider-id"
import { applicationStageOf } from "../../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { ReconcilableApplicationRow } from "../../../modules/retail-financing/types"
import { resolveFinancingApplication } from "../utils/resolve-financing-application"

/** Sessions a later status can still move: not yet failed or canceled. */
const OPEN_STATUSES: ReadonlySet<PaymentSessionStatus> = new Set(["pending", "requires_more", "authorized"])

/** How far back applications are followed; the service expires unsigned ones well before this. */
const LOOKBACK_DAYS = 30
const DAY_MS = 24 * 3600 * 1000

export interface ReconcilableApplication {
  application_id: string
  public_id: string
  /** Its store code; null on rows older than store codes in the ledger (the top-level one). */
  store_code: string | null
  /** The day the ledger opened the application (UTC, YYYY-MM-DD): the service lists applications by day. */
  created_date: string
}

/**
 * The ledger applications whose checkout may still change Medusa (the module service's
 * reconcilableApplications), less funded ones whose payment is captured: nothing left to do for those.
 *
 * Sessions started before the ledger knew every application from its creation may have no ledger row yet
 * (all their callbacks lost): open financing sessions are adopted first, as a callback would (see
 * resolveFinancingApplication), so that they are reconciled too.
 */
export const listReconcilableApplicationsStep = createStep(
  "list-reconcilable-applications",
  async (_input: void, { container }) => {
    const now = new Date()
    const since = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS)
    await adoptUnrecordedSessions(container, since)
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const rows = await financing.ledger.reconcilableApplications(since, now)
    const captured = await capturedSessions(container, rows)
    const open = rows
      .filter(
        (row) =>
          !(
            row.order_id &&
            applicationStageOf(row.status) === "funded" &&
            captured.has(row.payment_session_id!)
          )
      )
      .map((row): ReconcilableApplication => ({
        application_id: row.id,
        public_id: row.public_id,
        store_code: row.store_code,
        created_date: new Date(row.created_at).toISOString().slice(0, 10),
      }))
    return new StepResponse(open)
  }
)

/** Sessions whose payment is captured, among the rows' linked sessions. */
async function capturedSessions(container: MedusaContainer, rows: ReconcilableApplicationRow[]) {
  const sessionIds = rows
    .filter((row) => row.order_id && row.payment_session_id)
    .map((row) => row.payment_session_id!)
  if (sessionIds.length === 0) return new Set<string>()
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["payment_session_id", "captured_at"],
    filters: { payment_session_id: sessionIds },
  })
  const payments = data as { payment_session_id: string; captured_at: unknown }[]
  return new Set(
    payments.filter((payment) => payment.captured_at).map((payment) => payment.payment_session_id)
  )
}

/** Open financing sessions, recent, that no ledger row names yet: recorded as their first callback would. */
async function adoptUnrecordedSessions(container: MedusaContainer, since: Date): Promise<void> {
  const payments = container.resolve(Modules.PAYMENT)
  // Every registration of the provider, whatever id the store gave it.
  const providers = await payments.listPaymentProviders({}, { select: ["id"] })
  const providerIds = providers.map((provider) => provider.id).filter(isFinancingProviderId)
  if (providerIds.length === 0) return
  const sessions = await payments.listPaymentSessions(
    {
      provider_id: providerIds,
      created_at: { $gte: since.toISOString() },
    },
    { select: ["id", "data", "status"] }
  )
  const withApplication = sessions.filter(
    (session) => OPEN_STATUSES.has(session.status) && typeof session.data?.publicId === "string"
  )
  if (withApplication.length === 0) return
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const known = await financing.listFinancingApplications(
    { public_id: withApplication.map((session) => session.data.publicId as string) },
    { select: ["public_id"] }
  )
  const knownIds = new Set(known.map((application) => application.public_id))
  for (const session of withApplication) {
    if (!knownIds.has(session.data.publicId as string))
      await resolveFinancingApplication(container, session.id)
  }
}
