import type { Logger } from "@medusajs/framework/types"
import { sharedFinancingClient } from "../../checkout/shared-client"
import type { FinancingClient } from "../../lib/financing/client"
import {
  type RetailFinancingOptions,
  RetailFinancingOptionsSchema,
  parseOptions,
} from "../../providers/retail-financing/options"

type InjectedDependencies = { logger: Logger }

/**
 * The plugin's own module. Medusa hands it the plugin's options (subscribers, routes and jobs receive
 * none), so it is where everything outside the payment provider gets the configuration and the one
 * shared financing client.
 */
export default class RetailFinancingModuleService {
  private readonly options_: RetailFinancingOptions
  private readonly logger_: Logger

  constructor(container: InjectedDependencies, options: Record<string, unknown> = {}) {
    // Medusa adds keys of its own to a module's options (database, ...). Unknown names are still refused
    // where the same options reach the payment provider, so a typo is caught there.
    this.options_ = parseOptions(knownOptionsOf(options))
    this.logger_ = container.logger
  }

  /** The validated options. Holds the password and the callback secret: never log or return it. */
  getOptions(): Readonly<RetailFinancingOptions> {
    return this.options_
  }

  /** The process's one client for these credentials, shared with the payment provider. */
  getClient(): FinancingClient {
    return sharedFinancingClient(this.options_, this.logger_)
  }
}

function knownOptionsOf(options: Record<string, unknown>): Record<string, unknown> {
  const known = new Set(Object.keys(RetailFinancingOptionsSchema.shape))
  return Object.fromEntries(Object.entries(options).filter(([name]) => known.has(name)))
}
