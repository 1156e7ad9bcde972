import type { FinancingClient, FinancingLogger } from "../lib/financing"
import { sharedFinancingClient } from "./financing-client"
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

  constructor(
    raw: Record<string, unknown>,
    private readonly logger?: FinancingLogger
  ) {
    // The same parse as the payment provider's (once per options object; Medusa's own `database` key is
    // ignored), so a typo in the plugin's options is refused by name here too.
    this.options = parseOptions(raw)
  }

  /** The process's one client for these credentials, shared with the payment provider. */
  client(): FinancingClient {
    return sharedFinancingClient(this.options, this.logger)
  }
}
