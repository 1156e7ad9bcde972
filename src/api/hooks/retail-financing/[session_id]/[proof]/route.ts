import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { isValidCallbackProof } from "../../../../../domain/checkout/proofs"
import { syncFinancingSessionWorkflow } from "../../../../../workflows/sync-financing-session"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../modules/retail-financing"
import { sessionOfCallbackKey } from "./session-of-callback-key"

/**
 * The financing service's status-change callback. Its URL carries a proof made for this one application
 * (keyed by its ledger id, or for older ones its payment session id); anything else is refused at once,
 * with no effect. The body is never read: the status is read again from the service, so a forged or
 * replayed body can change nothing.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { session_id: key, proof } = req.params
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  if (!key || !proof || !isValidCallbackProof(options.callbackSecret, key, proof)) {
    res.status(401).json({ type: "unauthorized", message: "This callback URL is not valid." })
    return
  }
  const sessionId = await sessionOfCallbackKey(req.scope, key)
  if (!sessionId) {
    sessionGone(req, res, key)
    return
  }
  try {
    const { result } = await syncFinancingSessionWorkflow(req.scope).run({ input: { session_id: sessionId } })
    res.status(200).json({ received: true, action: result.action })
  } catch (error) {
    // A workflow hands its step's error back as it was thrown, or as a plain object with the same `type`.
    if ((error as { type?: unknown } | null)?.type !== MedusaError.Types.NOT_FOUND) throw error
    sessionGone(req, res, key)
  }
}

/**
 * Medusa deletes a payment session when the cart changes; its application cannot be withdrawn (the spec
 * has no such endpoint). Should the shopper sign it anyway, that contract has no order: say so.
 */
function sessionGone(req: MedusaRequest, res: MedusaResponse, key: string): void {
  req.scope
    .resolve(ContainerRegistrationKeys.LOGGER)
    .error(
      `retail-financing: a status callback arrived for ${key}, whose payment session no longer ` +
        "exists (the cart changed after its application was made). If that application is signed, it has " +
        "no order: look it up at the financing service."
    )
  res.status(410).json({ type: "not_found", message: "This payment session no longer exists." })
}
