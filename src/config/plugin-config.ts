import type { FinancingClient, FinancingLogger } from "../lib/financing"
import { sharedFinancingClient } from "./financing-client"
import {
  type SalesLocation,
  type StoreLocation,
  locationOfSalesChannel,
  locationOfStoreCode,
  storeLocations,
} from "./locations"
import { type RetailFinancingOptions, parseOptions } from "./options"

/**
 * The plugin's configuration as everything outside the payment provider reaches it: the validated options
 * and the process's one financing client for them. Medusa hands the options only to the plugin's module
 * (subscribers, routes and jobs receive none), so the module builds this from them and passes it on
 * (`getOptions()`, `getClient()`); the module's ledger never sees it.
 */
export class PluginConfig {
  /** Holds the password and the callback secret: never log or return it. */
  readonly options: Readonly<RetailFinancingOptions>
  private readonly locations_: readonly StoreLocation[]

  constructor(
    raw: Record<string, unknown>,
    private readonly logger?: FinancingLogger
  ) {
    // The same parse as the payment provider's (once per options object; Medusa's own `database` key is
    // ignored), so a typo in the plugin's options is refused by name here too.
    this.options = parseOptions(raw)
    this.locations_ = storeLocations(this.options)
  }

  /**
   * The process's one client for a store code's credentials (the top-level store's when none is given),
   * shared with the payment provider. The service answers a store's token only about that store's
   * applications, so everything about an application goes through its own store code's client.
   */
  client(storeCode?: string | null): FinancingClient {
    return sharedFinancingClient(
      this.options,
      this.logger,
      locationOfStoreCode(this.options, storeCode).credentials
    )
  }

  /** Every store code the plugin sells through, the top-level one first. */
  locations(): StoreLocation[] {
    return [...this.locations_]
  }

  /** The location a cart or order of this sales channel sells through. */
  locationOfSalesChannel(salesChannelId: string | null | undefined): SalesLocation {
    return locationOfSalesChannel(this.options, salesChannelId)
  }
}
