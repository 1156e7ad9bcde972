import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { isFinancingProviderId } from "../../../../../config/provider-id"
import {
  APPLICATION_ID_PREFIX,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../modules/retail-financing"

/**
 * The payment session a callback URL's key stands for. Applications are keyed by their ledger id; those
 * created before the ledger knew applications from their creation, by their payment session id. A ledger
 * application's session is the one linked to it, else the financing session of its payment collection
 * that holds its public id (linked then). Undefined when there is none (any more): Medusa deleted it.
 */
export async function sessionOfCallbackKey(scope: MedusaContainer, key: string): Promise<string | undefined> {
  if (!key.startsWith(`${APPLICATION_ID_PREFIX}_`)) return key
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const [application] = await financing.listFinancingApplications({ id: key }, { take: 1 })
  if (!application) return undefined
  if (application.payment_session_id) return application.payment_session_id
  if (!application.public_id || !application.payment_collection_id) return undefined

  const sessions = await scope
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { payment_collection_id: application.payment_collection_id },
      { select: ["id", "provider_id", "data"] }
    )
  const session = sessions.find(
    (candidate) =>
      isFinancingProviderId(candidate.provider_id) && candidate.data?.publicId === application.public_id
  )
  if (!session) return undefined
  await financing.linkSession(application.id, session.id)
  return session.id
}
