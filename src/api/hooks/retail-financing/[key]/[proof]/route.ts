import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { isValidCallbackProof } from "../../../../../domain/checkout/proofs"
import { isFinancingFailure } from "../../../../../lib/financing/errors"
import { describeFailure } from "../../../../../domain/post-sale/action-retry"
import { isLockBusy } from "../../../../../domain/lock-busy"
import { resolveFinancingApplicationWorkflow } from "../../../../../workflows/checkout/workflows/resolve-financing-application"
import {
  actionOf,
  runApplicationSyncWithin,
} from "../../../../../workflows/checkout/utils/run-application-sync"
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
 * another sync of the application holds it and reads again for this one. Never a 500 for a busy lock. The
 * answer comes within the callbackAnswerWithinMs option: a sync still running then (a cart completion under
 * load) is answered 202 and carries on, so the service never gives up on a delivery and sends it again.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const { key, proof } = req.params
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  if (!key || !proof || !isValidCallbackProof(options.callbackSecret, key, proof)) {
    res.status(401).json({ type: "unauthorized", message: "This callback URL is not valid." })
    return
  }
  const { result: applicationId } = await resolveFinancingApplicationWorkflow(req.scope).run({
    input: { key },
  })
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
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const onLateFailure = (error: unknown) => {
    if (isLockBusy(error)) return
    logger.error(
      `retail-financing: the sync of application ${applicationId}, carried on after its callback was ` +
        `answered, failed (${describeFailure(error)}); the next callback or reconciliation syncs it again.`
    )
  }
  try {
    const sync = await runApplicationSyncWithin(
      req.scope,
      { application_id: applicationId },
      options.callbackAnswerWithinMs,
      onLateFailure
    )
    if (sync.queued || "running" in sync) {
      // Another sync of this application reads the status again for this callback, or this one carries on.
      res.status(202).json({ received: true, queued: true })
      return
    }
    res.status(200).json({ received: true, action: actionOf(sync.passes) })
  } catch (error) {
    // A lock held too long (a cart completion under a slow service) is not this callback's failure: the
    // next callback or reconciliation syncs again.
    if (isLockBusy(error)) {
      res.status(202).json({ received: true, queued: true })
      return
    }
    // The status could not be read: the service's own trouble, and its retry of this callback may find it
    // answering. Anything else is a real error.
    if (!isFinancingFailure(error)) throw error
    res.status(503).json({
      type: "service_unavailable",
      message:
        "The financing service could not be asked for this application's status. Send the callback again.",
    })
  }
}
