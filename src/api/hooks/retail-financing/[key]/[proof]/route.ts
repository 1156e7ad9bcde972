import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { isValidCallbackProof } from "../../../../../domain/checkout/proofs"
import { describeFailure } from "../../../../../domain/post-sale/action-retry"
import { resolveFinancingApplication } from "../../../../../workflows/checkout/resolve-financing-application"
import { actionOf, runApplicationSync } from "../../../../../workflows/checkout/run-application-sync"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../modules/retail-financing"

/**
 * The financing service's status-change callback. Its URL carries a key (the ledger application's id, or the
 * payment session's for applications created before the ledger knew them from the start) and a proof made
 * for that key; anything else is refused at once, with no effect. The body is never read: the status is read
 * again from the service, so a forged or replayed body can change nothing.
 *
 * Callbacks that arrive together are coalesced (runApplicationSync): 200 with what was done, or 202 when
 * another sync of the application holds it and reads again for this one. Never a 500 for a busy lock.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { key, proof } = req.params
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  if (!key || !proof || !isValidCallbackProof(options.callbackSecret, key, proof)) {
    res.status(401).json({ type: "unauthorized", message: "This callback URL is not valid." })
    return
  }
  const applicationId = await resolveFinancingApplication(req.scope, key)
  if (!applicationId) {
    // A session from before the ledger knew every application, deleted by Medusa before any status was
    // recorded (not even its public id is left); or a ledger application whose creation's answer was lost.
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `retail-financing: a status callback arrived for ${key}, which names neither a payment session ` +
          "Medusa still has nor an application the ledger knows the service created. If its application is " +
          "signed, it has no order: look it up at the financing service (its reference number is that key)."
      )
    res.status(410).json({ type: "not_found", message: "This payment session no longer exists." })
    return
  }
  try {
    const sync = await runApplicationSync(req.scope, { application_id: applicationId })
    if (sync.queued) {
      // Another sync of this application is running and reads the status again for this callback.
      res.status(202).json({ received: true, queued: true })
      return
    }
    res.status(200).json({ received: true, action: actionOf(sync.passes) })
  } catch (error) {
    // A lock held too long (a cart completion under a slow service) is not this callback's failure: the
    // next callback or reconciliation syncs again. Anything else is a real error.
    if (!/acquiring lock|acquire lock/i.test(describeFailure(error))) throw error
    res.status(202).json({ received: true, queued: true })
  }
}
