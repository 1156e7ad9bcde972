import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { AsLowAsQuoter } from "../../../../domain/as-low-as/quoter"
import { centsFromDecimal } from "../../../../lib/financing/money"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"

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
