import type { PaymentSessionStatus } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { isFinancingProviderId } from "../../config/provider-id"
import { sessionDataOf } from "../../domain/checkout/session-data"

/** Sessions a later status can still move: not yet failed or canceled (a captured one is filtered below). */
const OPEN_STATUSES: ReadonlySet<PaymentSessionStatus> = new Set(["pending", "requires_more", "authorized"])

/** How far back open applications are followed; the service expires unsigned ones well before this. */
const LOOKBACK_DAYS = 30
const DAY_MS = 24 * 3600 * 1000

export interface OpenFinancingSession {
  session_id: string
  public_id: string
  /** The application's creation day (UTC, YYYY-MM-DD): the service lists applications by it. */
  created_date: string
}

/**
 * Financing payment sessions that may still change Medusa's state: recent, not yet failed, canceled or
 * captured, and holding an application (a session whose data cannot be read has nothing to follow).
 */
export const listOpenFinancingSessionsStep = createStep(
  "list-open-financing-sessions",
  async (_input: void, { container }) => {
    const since = new Date(Date.now() - LOOKBACK_DAYS * DAY_MS)
    const payments = container.resolve(Modules.PAYMENT)
    // Every registration of the provider, whatever id the store gave it.
    const providers = await payments.listPaymentProviders({}, { select: ["id"] })
    const providerIds = providers.map((provider) => provider.id).filter(isFinancingProviderId)
    if (providerIds.length === 0) return new StepResponse([] as OpenFinancingSession[])
    const sessions = await payments.listPaymentSessions(
      {
        provider_id: providerIds,
        created_at: { $gte: since.toISOString() },
      },
      { select: ["id", "data", "status"], relations: ["payment"] }
    )
    const open = sessions
      .filter((session) => OPEN_STATUSES.has(session.status) && !session.payment?.captured_at)
      .flatMap((session): OpenFinancingSession[] => {
        try {
          const data = sessionDataOf(session.data)
          return data.createdDate
            ? [{ session_id: session.id, public_id: data.publicId, created_date: data.createdDate }]
            : []
        } catch {
          return []
        }
      })
    return new StepResponse(open)
  }
)
