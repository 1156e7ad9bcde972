import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { financingRefusalBodyOf } from "../../domain/checkout/financing-refusal"
import { sealApplication } from "../../domain/checkout/proofs"
import { shopperLanguage } from "../../domain/shopper-text"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { isFinancingProviderId } from "../../config/provider-id"
import { startFinancingApplicationWorkflow } from "../../workflows/checkout/workflows/start-financing-application"
import { sendServiceFailure, storeServiceFailureAnswer } from "../service-failure-answer"
import { holdPaymentCollectionLock, sessionStartLockSeconds } from "./payment-collection-lock"

type SessionBody = { provider_id?: string; data?: Record<string, unknown> }

/**
 * Runs before Medusa's own handler of POST /store/payment-collections/:id/payment-sessions. Medusa gives a
 * payment provider no cart, and stores a session's `data` (which the store API shows the browser) before
 * it calls the provider: so the application is built from the cart and created at the service here, on the
 * server, and Medusa is handed only a sealed reference to it, which replaces whatever the browser sent in
 * `data` (its return URLs on allowed origins are used). The provider accepts nothing else.
 *
 * The payment collection's lock is held from before the cart is read until Medusa has answered, so two
 * session starts for one cart never overlap: the later one supersedes the earlier, in the ledger and in
 * Medusa (which deletes the earlier session).
 */
export function prepareFinancingApplication(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): void {
  const body = req.body as SessionBody | undefined
  if (!isFinancingProviderId(body?.provider_id)) return next()
  // Express 4 does not catch a rejected promise from a middleware: hand every failure to `next`, but a
  // failure of the service, which Medusa's handler could only answer 500, is answered here (503/504/502),
  // and so is a cart that cannot be financed, whose reasons Medusa's handler would leave out (400).
  prepare(req, res, body).then(
    () => next(),
    (error: unknown) => {
      const language = shopperLanguage(req.locale)
      const refusal = financingRefusalBodyOf(error, language)
      if (refusal) {
        res.status(400).json(refusal)
        return
      }
      const answer = storeServiceFailureAnswer(error, language)
      if (answer) sendServiceFailure(res, answer)
      else next(error)
    }
  )
}

async function prepare(req: MedusaRequest, res: MedusaResponse, body: SessionBody): Promise<void> {
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  const paymentCollectionId = req.params.id
  await holdPaymentCollectionLock(req.scope, res, paymentCollectionId, sessionStartLockSeconds(options))

  const { result } = await startFinancingApplicationWorkflow(req.scope).run({
    input: {
      payment_collection_id: paymentCollectionId,
      provider_id: body.provider_id,
      requested_urls: { return_url: body.data?.return_url, cancel_url: body.data?.cancel_url },
    },
  })
  body.data = {
    sealed_application: sealApplication(options.callbackSecret, {
      applicationId: result.application_id,
      publicId: result.public_id,
      storeCode: result.store_code,
      link: result.link,
      cartId: result.cart_id,
      amountCents: result.amount_cents,
      createdDate: result.created_date,
      preparedAt: new Date().toISOString(),
    }),
  }
}
