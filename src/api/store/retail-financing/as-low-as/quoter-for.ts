import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { AS_LOW_AS_LIMITS, AsLowAsQuoter } from "../../../../domain/as-low-as/quoter"
import { SingleFlightCache } from "../../../../domain/as-low-as/single-flight-cache"
import { centsFromDecimal } from "../../../../lib/financing/money"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"
import { productLeasability } from "../../../../queries/product-leasability"

// One quoter (and so one cache) per store code per module instance: per app, and fresh when an app is
// booted again.
const quoters = new WeakMap<RetailFinancingModuleService, Map<string, AsLowAsQuoter>>()

/**
 * The quoter of the location the storefront sells through: the first of its publishable key's sales
 * channels that a location lists, else the top-level store. Each location has its own store code (its
 * partners, so its offers) and its own limits.
 */
export function asLowAsQuoterFor(
  scope: MedusaContainer,
  salesChannelIds: readonly string[] = []
): AsLowAsQuoter {
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const location =
    salesChannelIds
      .map((id) => financing.locationOfSalesChannel(id))
      .find((place) => place.salesChannelIds.length > 0) ?? financing.locationOfSalesChannel(null)
  const byStore = quoters.get(financing) ?? new Map<string, AsLowAsQuoter>()
  quoters.set(financing, byStore)
  let quoter = byStore.get(location.storeCode)
  if (!quoter) {
    const logger = scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    quoter = new AsLowAsQuoter({
      settings: {
        storeCode: location.storeCode,
        minCents: location.minAmount === undefined ? null : centsFromDecimal(location.minAmount),
        maxCents: location.maxAmount === undefined ? null : centsFromDecimal(location.maxAmount),
        cacheSeconds: financing.getOptions().asLowAsCacheSeconds,
      },
      source: financing.getClient(location.storeCode),
      warn: (message) => logger.warn(message),
    })
    byStore.set(location.storeCode, quoter)
  }
  return quoter
}

/** No such product: answered 404, and remembered only as long as a failure, so a new product shows at once. */
export class ProductNotFound extends Error {}

// One per module instance, as the quoters: a product's leasability is read once per asLowAsCacheSeconds.
const leasabilities = new WeakMap<RetailFinancingModuleService, SingleFlightCache<string, boolean>>()

/**
 * Whether the lender can lease a product, for "as low as" on its page: read from Medusa (the product and
 * the non-leasable rule) at most once per product per asLowAsCacheSeconds, as long as a browser may keep
 * the answer anyway. Without it a product page's offer cost two reads of the database per view, half the
 * throughput of a plain store route (npm run bench:as-low-as). Throws ProductNotFound.
 */
export async function isProductLeasable(scope: MedusaContainer, productId: string): Promise<boolean> {
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const options = financing.getOptions()
  let cache = leasabilities.get(financing)
  if (!cache) {
    const ttlMs = options.asLowAsCacheSeconds * 1000
    // The offers' own bounds: as many products as amounts, a failure kept as briefly.
    cache = new SingleFlightCache({
      ttlMs,
      failureTtlMs: Math.min(AS_LOW_AS_LIMITS.failureTtlMs, ttlMs),
      maxEntries: AS_LOW_AS_LIMITS.maxEntries,
      maxInFlight: AS_LOW_AS_LIMITS.maxInFlight,
    })
    leasabilities.set(financing, cache)
  }
  const read = async () => {
    const leasability = await productLeasability(scope, productId, options.nonLeasable)
    if (!leasability) throw new ProductNotFound(productId)
    return leasability.not_leasable_because === null
  }
  const lookup = await cache.get(productId, read)
  if (lookup.result.ok) return lookup.result.value
  // Too many distinct products at once: this one is read without the cache rather than refused.
  if (lookup.source === "refused") return read()
  throw lookup.result.error
}
