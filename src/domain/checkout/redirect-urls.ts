import { MedusaError } from "@medusajs/framework/utils"
import { isHttpUrl } from "../../lib/financing/schemas"
import { CART_ID_PLACEHOLDER, type RetailFinancingOptions } from "../../config/options"
import { withoutUndefined } from "../without-undefined"

export interface RedirectUrls {
  redirectUrl?: string
  cancelUrl?: string
}

/**
 * Where the shopper returns after the service's page: a URL the storefront sent in `data.return_url` /
 * `data.cancel_url` when it is on an allowed origin, else the configured template for this cart. A URL on
 * any other origin is refused, so the plugin can never be used to send a shopper somewhere foreign.
 */
export function redirectUrlsFor(
  options: RetailFinancingOptions,
  cartId: string,
  requested: { return_url?: unknown; cancel_url?: unknown } = {}
): RedirectUrls {
  const fill = (template?: string) => template?.replaceAll(CART_ID_PLACEHOLDER, encodeURIComponent(cartId))
  return withoutUndefined({
    redirectUrl: allowed(options, "return_url", requested.return_url) ?? fill(options.returnUrl),
    cancelUrl: allowed(options, "cancel_url", requested.cancel_url) ?? fill(options.cancelUrl),
  })
}

function allowed(options: RetailFinancingOptions, field: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined
  if (typeof value !== "string") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `data.${field} must be a URL string`)
  }
  // isHttpUrl first: the URL parser forgives spaces and a missing "//", and the text is sent as written.
  const origin = isHttpUrl(value) ? new URL(value).origin : undefined
  if (!origin || !options.allowedRedirectOrigins.includes(origin)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `data.${field} must be an absolute URL on one of the store's allowed origins (option allowedRedirectOrigins)`
    )
  }
  return value
}
