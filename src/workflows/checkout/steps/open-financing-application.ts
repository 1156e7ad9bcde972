import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { FinancedFingerprints } from "../../../domain/checkout/financed-fingerprint"
import { fromCents } from "../../../domain/money"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface OpenFinancingApplicationInput {
  payment_collection_id: string
  cart_id: string
  /** The store code the application is made for: its cart's sales channel's location. */
  store_code: string
  total_cents: number
  fingerprints: FinancedFingerprints
}

/** Why an application has no public id when its workflow stopped and no step said why. */
export const CREATION_NOT_FINISHED =
  "the creation did not finish: the service's answer, if any, was not recorded"

/**
 * Records the application in the ledger before the service is asked for it, so the ledger knows it
 * whatever happens next: its id becomes the reference number and the callback key. The row is kept when
 * the workflow fails later (the service may have received the request): compensation only records that
 * the creation did not finish, unless the creation step has already recorded why.
 */
export const openFinancingApplicationStep = createStep(
  "open-financing-application",
  async (input: OpenFinancingApplicationInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const applicationId = await financing.ledger.openApplication({
      paymentCollectionId: input.payment_collection_id,
      cartId: input.cart_id,
      storeCode: input.store_code,
      amount: fromCents(input.total_cents),
      fingerprints: input.fingerprints,
    })
    return new StepResponse(applicationId, applicationId)
  },
  async (applicationId, { container }) => {
    if (!applicationId) return
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.retrieveFinancingApplication(applicationId, {
      select: ["id", "public_id", "creation_error"],
    })
    if (application.public_id || application.creation_error) return
    await financing.ledger.recordCreationError(applicationId, CREATION_NOT_FINISHED)
  }
)
