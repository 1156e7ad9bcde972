import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { asLowAsQuoterFor } from "./quoter-for"
import type { StoreGetAsLowAs } from "./validators"

/**
 * "As low as" for a product price or a cart total: the service's lowest monthly payment and whether the
 * store finances the amount. A service that is down or slow gives `as_low_as: null`, never an error page.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { amountCents } = req.validatedQuery as StoreGetAsLowAs
  const { body, maxAgeSeconds } = await asLowAsQuoterFor(req.scope).quote(amountCents)
  // The answer is the same for every shopper; browsers and CDNs may keep it as long as the plugin does.
  res.setHeader("Cache-Control", maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : "no-store")
  // Without the key the same URL is a 400: a shared cache must not hand this answer to such a request.
  res.vary("x-publishable-api-key")
  res.json(body)
}
