import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { applicationPolicyOf, financingApplicationFor } from "../../../domain/checkout/eligibility"
import { financingRefusedError } from "../../../domain/checkout/financing-refusal"
import {
  type FinancedFingerprints,
  financedFingerprints,
} from "../../../domain/checkout/financed-fingerprint"
import { redirectUrlsFor } from "../../../domain/checkout/redirect-urls"
import type { ApplicationInput } from "../../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { cartIdOfPaymentCollection, eligibilityCartOf } from "../../../queries/eligibility-cart"
import { nonLeasableRuleOf } from "../../../queries/non-leasable-rule"

export interface BuildFinancingApplicationInput {
  payment_collection_id: string
  /** The provider the session is started with: the cart's region must offer it. */
  provider_id?: string
  /** What the storefront sent in `data`: only its return and cancel URLs are read. */
  requested_urls: { return_url?: unknown; cancel_url?: unknown }
}

export interface BuiltFinancingApplication {
  cart_id: string
  /** What is sent to the service: the shopper's details and the cart's lines. Never stored by the plugin. */
  application: ApplicationInput
  total_cents: number
  fingerprints: FinancedFingerprints
}

/**
 * Reads the cart of the payment collection on the server (Medusa gives a payment provider no cart) and
 * builds its application with the rules the eligibility route reports (financingApplicationFor), refusing a
 * cart the service cannot accept with every reason: a sentence that says what to fix, its field and code.
 * Also makes the keyed fingerprints of what is financed, which the ledger keeps instead of the details.
 */
export const buildFinancingApplicationStep = createStep(
  "build-financing-application",
  async (input: BuildFinancingApplicationInput, { container }) => {
    const options = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
    const [cartId, nonLeasable] = await Promise.all([
      cartIdOfPaymentCollection(container, input.payment_collection_id),
      nonLeasableRuleOf(container, options.nonLeasable),
    ])
    const cart = await eligibilityCartOf(container, cartId, nonLeasable)
    if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No cart uses this payment collection.")

    const built = financingApplicationFor(
      cart,
      {
        ...applicationPolicyOf(options, nonLeasable, cart.sales_channel_id),
        ...redirectUrlsFor(options, cart.id, input.requested_urls),
      },
      input.provider_id
    )
    if (!built.ok) {
      // A rule of the contract the plugin's own checks let through is the store's to see, not the shopper's.
      for (const { detail } of built.problems) {
        if (detail) {
          container
            .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
            .warn(`retail-financing: cart ${cart.id} broke the application contract: ${detail}`)
        }
      }
      throw financingRefusedError(built.problems)
    }
    const result: BuiltFinancingApplication = {
      cart_id: cart.id,
      application: built.application,
      total_cents: built.totalCents,
      fingerprints: financedFingerprints(options.callbackSecret, cart, built.application, built.totalCents),
    }
    return new StepResponse(result)
  }
)
