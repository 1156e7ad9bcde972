import type { Logger } from "@medusajs/framework/types"

import type { FinancingClient } from "../../lib/financing/client"
import { PluginConfig } from "../../config/plugin-config"
import type { SalesLocation, StoreLocation } from "../../config/locations"
import type { RetailFinancingOptions } from "../../config/options"
import { ActionQueue } from "./action-queue"
import { ApplicationLedger } from "./application-ledger"
import { InvoiceFileStore } from "./invoice-file-store"
import { LedgerRows } from "./ledger-rows"

type InjectedDependencies = { logger: Logger; baseRepository?: unknown }

/**
 * The plugin's own module: the ledger of financing applications, the queue of post-sale actions for the
 * financing service, and merchants' invoice files; and, because Medusa hands it the plugin's options
 * (subscribers, routes and jobs receive none), the configuration and the one shared financing client for
 * everything outside the payment provider.
 */
export default class RetailFinancingModuleService extends LedgerRows {
  // Medusa registers one service per module: this one composes parts with one job each, sharing the module's
  // manager. Medusa's generated methods (listFinancingApplications, retrieveFinancingAction...) stay for
  // reads; an action's row is written only through `actions`, the one writer of its state.
  readonly actions: ActionQueue
  readonly ledger: ApplicationLedger
  readonly invoiceFiles: InvoiceFileStore
  private readonly config_: PluginConfig

  constructor(container: InjectedDependencies, options: Record<string, unknown> = {}) {
    // eslint-disable-next-line prefer-rest-params -- MedusaService reads the module's whole argument list
    super(...(arguments as unknown as [InjectedDependencies]))
    this.config_ = new PluginConfig(options, container.logger)
    this.actions = new ActionQueue(this, container)
    this.ledger = new ApplicationLedger(this, this.actions, container)
    this.invoiceFiles = new InvoiceFileStore(container)
  }

  /** The validated options. Holds the password and the callback secret: never log or return it. */
  getOptions(): Readonly<RetailFinancingOptions> {
    return this.config_.options
  }

  /**
   * The process's one client for a store code's credentials (the top-level store's when none is given),
   * shared with the payment provider. Anything about an application uses its own `store_code`'s client:
   * the service answers a store's token only about that store's applications.
   */
  getClient(storeCode?: string | null): FinancingClient {
    return this.config_.client(storeCode)
  }

  /** Every store code the plugin sells through, the top-level one first. */
  getLocations(): StoreLocation[] {
    return this.config_.locations()
  }

  /** The location (store code, limits) a cart or order of this sales channel sells through. */
  locationOfSalesChannel(salesChannelId: string | null | undefined): SalesLocation {
    return this.config_.locationOfSalesChannel(salesChannelId)
  }
}
