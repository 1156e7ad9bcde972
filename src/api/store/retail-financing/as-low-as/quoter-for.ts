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

// One quoter (and so one cache) per module instance: per app, and fresh when an app is booted again.
const quoters = new WeakMap<RetailFinancingModuleService, AsLowAsQuoter>()

export function asLowAsQuoterFor(scope: MedusaContainer): AsLowAsQuoter {
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  let quoter = quoters.get(financing)
  if (!quoter) {
    const options = financing.getOptions()
    const logger = scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    quoter = new AsLowAsQuoter({
      settings: {
        storeCode: options.storeCode,
        minCents: options.minAmount === undefined ? null : centsFromDecimal(options.minAmount),
        maxCents: options.maxAmount === undefined ? null : centsFromDecimal(options.maxAmount),
        cacheSeconds: options.asLowAsCacheSeconds,
      },
      source: financing.getClient(),
      warn: (message) => logger.warn(message),
    })
    quoters.set(financing, quoter)
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
