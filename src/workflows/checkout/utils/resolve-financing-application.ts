import type { MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import { isFinancingProviderId } from "../../../config/provider-id"
import { sessionDataOf } from "../../../domain/checkout/session-data"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/**
 * The ledger application a status callback's key names, or null when nothing is known of it.
 *
 * The key is the ledger id for applications the store opened in its ledger before asking the service, and
 * a payment session id for applications created before that (their callback URLs are keyed by the session).
 * For those, the ledger row is found by the session or by the public id in its data, and created from the
 * session when the ledger never heard of it (as the first sync always did). A session Medusa deleted is
 * still found through the ledger row that names it. A ledger row without a public id is null too: its
 * creation's answer never reached the store, so there is no application to read.
 */
export async function resolveFinancingApplication(
  container: MedusaContainer,
  key: string
): Promise<string | null> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const [byId] = await financing.listFinancingApplications(
    { id: key },
    { select: ["id", "public_id"], take: 1 }
  )
  if (byId) return byId.public_id ? byId.id : null

  const bySession = await financing.ledger.findApplication({ payment_session_id: key })
  if (bySession) return bySession.id
  const session = await financingSession(container, key)
  if (!session) return null
  const data = sessionDataOf(session.data ?? undefined)
  const byPublicId = await financing.ledger.findApplication({ public_id: data.publicId })
  if (byPublicId) {
    if (!byPublicId.payment_session_id) await financing.ledger.linkSession(byPublicId.id, session.id)
    return byPublicId.id
  }
  const { application } = await financing.ledger.recordApplication({
    publicId: data.publicId,
    sessionId: session.id,
    cartId: data.cartId || null,
    amount: Number(session.amount),
  })
  // Lets the sync find the live session of the cart's collection, as it does for applications opened first.
  if (!application.payment_collection_id) {
    await financing.updateFinancingApplications({
      id: application.id,
      payment_collection_id: session.payment_collection_id,
    })
  }
  return application.id
}

/** The financing payment session with this id, or null when Medusa has none (deleted, or never was). */
async function financingSession(container: MedusaContainer, id: string): Promise<PaymentSessionDTO | null> {
  try {
    const session = await container.resolve(Modules.PAYMENT).retrievePaymentSession(id, {
      select: ["id", "amount", "provider_id", "data", "payment_collection_id"],
    })
    return isFinancingProviderId(session.provider_id) ? session : null
  } catch (error) {
    if ((error as { type?: unknown } | null)?.type === MedusaError.Types.NOT_FOUND) return null
    throw error
  }
}
