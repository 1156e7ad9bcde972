import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

import { sharedFinancingClient } from "../../config/financing-client"
import type { FinancingClient } from "../../lib/financing/client"
import { type RetailFinancingOptions, parseOptions } from "../../config/options"
import { FinancingAction } from "./models/financing-action"
import { FinancingApplication } from "./models/financing-application"

type InjectedDependencies = { logger: Logger }

/**
 * The plugin's own module: the ledger of applications and post-sale actions, and, because Medusa hands it
 * the plugin's options (subscribers, routes and jobs receive none), the configuration and the one shared
 * financing client for everything outside the payment provider.
 */
export default class RetailFinancingModuleService extends MedusaService({
  FinancingApplication,
  FinancingAction,
}) {
  private readonly options_: RetailFinancingOptions
  private readonly logger_: Logger

  constructor(container: InjectedDependencies, options: Record<string, unknown> = {}) {
    // eslint-disable-next-line prefer-rest-params -- MedusaService reads the module's whole argument list
    super(...(arguments as unknown as [InjectedDependencies]))
    // The same parse as the payment provider's (once per options object; Medusa's own `database` key is
    // ignored), so a typo in the plugin's options is refused by name here too.
    this.options_ = parseOptions(options)
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

  /**
   * Takes an action for one sender: a due pending action, or one whose sender stopped (a crash or a restart
   * mid-send) before its lease ran out. One UPDATE decides, so two senders (a subscriber and the retry job,
   * or two servers) never both send it. Returns whether this caller holds it.
   */
  @InjectManager()
  async claimAction(
    id: string,
    leaseMs: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_action
          SET state = 'sending', lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
        WHERE id = ? AND deleted_at IS NULL
          AND ((state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
            OR (state = 'sending' AND lease_until < now()))
        RETURNING id`,
      [leaseMs, id]
    )
    return rows.length === 1
  }

  /** Ids of actions a sender should take now: due pending ones and abandoned sends. */
  @InjectManager()
  async dueActionIds(limit: number, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}) {
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `SELECT id FROM retail_financing_action
        WHERE deleted_at IS NULL
          AND ((state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
            OR (state = 'sending' AND lease_until < now()))
        ORDER BY created_at
        LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.id)
  }

  /**
   * Public ids of applications whose return requests the service has not settled yet, as far as the ledger
   * knows: in PendingReturn, or with a return sent and unsettled or waiting its turn. Least recently
   * updated first, so a long list is worked through over several runs.
   */
  @InjectManager()
  async applicationsAwaitingReturn(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const rows: { public_id: string }[] = await sharedContext.manager!.execute(
      `SELECT application.public_id FROM retail_financing_application application
        WHERE application.deleted_at IS NULL
          AND (application.status = 'PendingReturn' OR EXISTS (
            SELECT 1 FROM retail_financing_action action
             WHERE action.application_id = application.id AND action.deleted_at IS NULL
               AND action.kind = 'return'
               AND (action.state = 'waiting' OR (action.state = 'succeeded' AND action.settled_at IS NULL))))
        ORDER BY application.updated_at
        LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.public_id)
  }
}
