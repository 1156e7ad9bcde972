import type { MedusaRequest, MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { ProductNotFound, asLowAsQuoterFor, isProductLeasable } from "./quoter-for"
import type { StoreGetAsLowAs } from "./validators"

/**
 * "As low as" for a product price or a cart total: the service's lowest monthly payment and whether the
 * store finances the amount. A service that is down or slow gives `as_low_as: null`, never an error page.
 * With a product id, a product the lender cannot lease is answered `not_leasable` without asking the service.
 */
export async function GET(req: MedusaStoreRequest, res: MedusaResponse) {
  const { amountCents, productId } = req.validatedQuery as StoreGetAsLowAs
  // The publishable key's sales channels say which location's store code and limits apply.
  const quoter = asLowAsQuoterFor(req.scope, req.publishable_key_context?.sales_channel_ids ?? [])
  const { body, maxAgeSeconds } =
    productId && !(await isLeasable(req, productId)) ? quoter.notLeasable() : await quoter.quote(amountCents)
  // The answer is the same for every shopper; browsers and CDNs may keep it as long as the plugin does.
  res.setHeader("Cache-Control", maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : "no-store")
  // Without the key the same URL is a 400: a shared cache must not hand this answer to such a request.
  res.vary("x-publishable-api-key")
  res.json(body)
}

async function isLeasable(req: MedusaRequest, productId: string): Promise<boolean> {
  try {
    return await isProductLeasable(req.scope, productId)
  } catch (error) {
    if (error instanceof ProductNotFound)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "No product with this product_id was found.")
    throw error
  }
}
