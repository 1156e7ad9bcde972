import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import {
  type ShopperFinancingAnswer,
  shopperFinancingState,
} from "../../../../../../domain/checkout/shopper-financing-state"
import { shopperLanguage, shopperText } from "../../../../../../domain/shopper-text"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../../modules/retail-financing"
import { cartFinancingFacts } from "../../../../../../queries/cart-financing"

interface CartNotFound {
  code: "cart_not_found"
  field: "id"
  message: string
}

/**
 * Where a cart's financing stands, in the shopper's words, for the storefront's return and cancel pages.
 * Read from the ledger, never from the payment session, which Medusa may have deleted by the time the
 * shopper comes back (a newer application, a changed cart). Nothing of the shopper is in the answer.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<ShopperFinancingAnswer | CartNotFound>) {
  // The answer changes as the contract moves on and is about one shopper's cart: never kept by a cache.
  res.setHeader("Cache-Control", "no-store")
  // Medusa's request locale (`?locale=`, else the js-sdk's `x-medusa-locale`): the sentences' language only.
  const language = shopperLanguage(req.locale)
  const facts = await cartFinancingFacts(req.scope, req.params.id)
  if (!facts) {
    res
      .status(404)
      .json({ code: "cart_not_found", field: "id", message: shopperText(language, "cart_not_found") })
    return
  }
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  res.json(
    shopperFinancingState(facts.applications, facts.order, options.inStorePaymentInstructions, language)
  )
}
