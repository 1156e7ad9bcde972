import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import {
  type FinancingEligibility,
  applicationPolicyOf,
  financingEligibility,
} from "../../../../domain/checkout/eligibility"
import { shopperLanguage } from "../../../../domain/shopper-text"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"
import { eligibilityCartOf } from "../../../../queries/eligibility-cart"
import { nonLeasableRuleOf } from "../../../../queries/non-leasable-rule"
import type { StoreGetFinancingEligibility } from "./validators"

/**
 * Whether Pay over time can be offered for a cart, before the shopper clicks it: the very rules the session
 * start applies (financingApplicationFor), each failed one as a sentence for the shopper with its `code` and
 * `field`. One read of the cart; nothing is written and the financing service is not asked, so a storefront
 * may call it on every cart change.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<FinancingEligibility>) {
  const { cart_id } = req.validatedQuery as StoreGetFinancingEligibility
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  const nonLeasable = await nonLeasableRuleOf(req.scope, options.nonLeasable)
  const cart = await eligibilityCartOf(req.scope, cart_id, nonLeasable)
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No cart with this id was found.")

  // The answer changes with every cart update and is about one shopper's cart: never kept by a cache.
  res.setHeader("Cache-Control", "no-store")
  const policy = applicationPolicyOf(options, nonLeasable, cart.sales_channel_id)
  // The reasons' sentences in the request's language (Medusa's `req.locale`); codes and fields never change.
  res.json(financingEligibility(cart, policy, shopperLanguage(req.locale)))
}
