import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { callbackUrlFor } from "../../../domain/checkout/proofs"
import {
  SERVICE_FAILURE_CODES,
  serviceFailureKindOf,
  shopperMessageFor,
} from "../../../domain/checkout/service-failure-message"
import { FinancingError } from "../../../lib/financing/errors"
import type { ApplicationInput } from "../../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface RequestFinancingApplicationInput {
  /** The ledger's id of the application. */
  application_id: string
  application: ApplicationInput
}

export interface RequestedFinancingApplication {
  public_id: string
  store_code: string
  link: string
  /** Creation day (UTC, YYYY-MM-DD): reconciliation lists applications by it. */
  created_date: string
}

/**
 * Asks the service to create the application, under its ledger id: the reference number, and the key of
 * its callback URL. A failure is recorded on the ledger row (so the row says why it has no public id) and
 * becomes a message the shopper can read, its code the kind of failure; the detail goes to the log. There
 * is nothing to undo: the spec has no way to withdraw an application, and an unsigned one expires.
 */
export const requestFinancingApplicationStep = createStep(
  "request-financing-application",
  async (input: RequestFinancingApplicationInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const { backendUrl, callbackSecret } = financing.getOptions()
    try {
      // Made with its store's own token: the service refuses one store's token for another's application.
      const created = await financing
        .getClient(input.application.storeCode)
        .createApplication(
          { ...input.application, referenceNumber: input.application_id },
          { callbackUrl: callbackUrlFor(backendUrl, callbackSecret, input.application_id) }
        )
      const result: RequestedFinancingApplication = {
        public_id: created.publicId,
        store_code: input.application.storeCode,
        link: created.link,
        created_date: new Date().toISOString().slice(0, 10),
      }
      return new StepResponse(result)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      await financing.ledger.recordCreationError(input.application_id, detail)
      if (!(error instanceof FinancingError)) throw error
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`retail-financing: creating application ${input.application_id} failed: ${detail}`)
      // The code says which failure it was (the payment-session middleware answers 503, 504 or 502 by it).
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        shopperMessageFor(error),
        SERVICE_FAILURE_CODES[serviceFailureKindOf(error)]
      )
    }
  }
)
