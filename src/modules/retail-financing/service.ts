import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

import { sharedFinancingClient } from "../../config/financing-client"
import type { FinancingClient } from "../../lib/financing/client"
import { type RetailFinancingOptions, parseOptions } from "../../config/options"
import { FinancingAction } from "./models/financing-action"
import { FinancingApplication } from "./models/financing-application"
import { isActionKind } from "../../domain/post-sale/action-kinds"
import type { ApplicationStatusValue } from "../../lib/financing/schemas"
import {
  contractFieldsOf,
  historyColumn,
  readSincePendingReturn,
  statusHistoryOf,
} from "./application-record"
import { CHECKOUT_ENDED_STATUSES, acceptsStatus, settlesReturn } from "./ledger-status"
import type { ContractExceptionReason, ExceptionResolution } from "../../domain/checkout/contract-exceptions"
import { nextCompletionAt } from "../../domain/checkout/completion-retry"
import { settleReturns as settlementOf } from "./return-queue"
import {
  type InvoiceFileInput,
  type StoredInvoiceFile,
  deleteInvoiceFiles,
  deleteSentInvoiceFiles,
  insertInvoiceFile,
  selectInvoiceFile,
} from "./invoice-files"
import { type SenderIdentity, currentSender } from "./sender-identity"
import type {
  ActionRecordInput,
  ApplicationFilters,
  ApplicationRecordInput,
  ApplicationRecordResult,
  LedgerAction,
  LedgerApplication,
  OpenApplicationInput,
  ReconcilableApplicationRow,
} from "./types"

type InjectedDependencies = { logger: Logger }

/** Due to be taken: pending or unknown past its next attempt, or held by a sender whose lease ran out. */
const DUE_ACTION = `((state IN ('pending', 'unknown') AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
  OR (state IN ('sending', 'checking') AND lease_until < now()))`

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
   * Takes an action for one sender: a due pending action, a due action whose last outcome is unknown, or one
   * whose sender stopped (a crash or a restart mid-send) before finishing: its lease ran out, or its process
   * is known gone (expireLeaseOfGoneSender). One UPDATE decides, so two senders (a subscriber and the retry
   * job, or two servers) never both send it. An action whose outcome may be unknown is taken as `checking`:
   * its sender looks at the service before sending anything. Records who holds it. Returns whether this
   * caller holds it.
   */
  @InjectManager()
  async claimAction(
    id: string,
    leaseMs: number,
    sender: SenderIdentity = currentSender(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_action
          SET state = CASE WHEN state = 'pending' THEN 'sending' ELSE 'checking' END,
              lease_until = now() + (? * interval '1 millisecond'), sender = ?::jsonb, updated_at = now()
        WHERE id = ? AND deleted_at IS NULL AND ${DUE_ACTION}
        RETURNING id`,
      [leaseMs, JSON.stringify(sender), id]
    )
    return rows.length === 1
  }

  /** Ids of actions a sender should take now: due pending ones, due checks, abandoned sends. */
  @InjectManager()
  async dueActionIds(limit: number, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}) {
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `SELECT id FROM retail_financing_action
        WHERE deleted_at IS NULL AND ${DUE_ACTION}
        ORDER BY created_at
        LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.id)
  }

  /** Actions held by a sender whose lease has not run out, with who holds them. */
  @InjectManager()
  async heldActions(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; sender: unknown }[]> {
    return sharedContext.manager!.execute(
      `SELECT id, sender FROM retail_financing_action
        WHERE deleted_at IS NULL AND state IN ('sending', 'checking') AND lease_until >= now()
        ORDER BY lease_until
        LIMIT ?`,
      [limit]
    )
  }

  /**
   * Ends the lease of an action whose sender is known gone, so the next claim takes it (as `checking`). Only
   * while that same sender still holds it: a sender that finished, or another that claimed it since, keeps it.
   */
  @InjectManager()
  async expireLeaseOfGoneSender(
    id: string,
    sender: unknown,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_action SET lease_until = now() - interval '1 millisecond', updated_at = now()
        WHERE id = ? AND state IN ('sending', 'checking') AND sender = ?::jsonb
        RETURNING id`,
      [id, JSON.stringify(sender)]
    )
    return rows.length === 1
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

  /**
   * Creates or updates the ledger's record of an application. A status is recorded only when it is news and
   * not behind the recorded one; contract figures and funding are kept once known, since the service may
   * leave them out of a later answer. When the service settles a return, the next queued return is released.
   */
  async recordApplication(
    input: ApplicationRecordInput,
    now: Date = new Date()
  ): Promise<ApplicationRecordResult> {
    const existing = await this.findApplication({ public_id: input.publicId })
    if (!existing) {
      const status = input.observed?.status ?? "Pending"
      try {
        const created = await this.createFinancingApplications({
          public_id: input.publicId,
          payment_session_id: input.sessionId,
          cart_id: input.cartId,
          order_id: input.orderId ?? null,
          status,
          status_history: historyColumn([{ status, at: now.toISOString() }]),
          amount: input.amount,
          ...contractFieldsOf(input.observed),
        })
        return { application: created, releasedActionIds: [] }
      } catch (error) {
        // Another sync created it a moment ago (the unique public id refused this one): update that one.
        if (!(await this.findApplication({ public_id: input.publicId }))) throw error
        return this.recordApplication(input, now)
      }
    }

    const recorded = existing.status as ApplicationStatusValue
    const observed = input.observed
    const update: Record<string, unknown> = { id: existing.id }
    if (input.orderId && existing.order_id !== input.orderId) update.order_id = input.orderId
    let releasedActionIds: string[] = []
    if (
      observed &&
      acceptsStatus(recorded, observed.status) &&
      (recorded !== "PendingReturn" || readSincePendingReturn(existing, input.readStartedAt))
    ) {
      update.status = observed.status
      update.status_history = historyColumn([
        ...statusHistoryOf(existing),
        { status: observed.status, at: now.toISOString() },
      ])
      Object.assign(update, contractFieldsOf(observed, existing))
      if (settlesReturn(recorded, observed.status)) {
        releasedActionIds = await this.settleReturns(existing.id, now)
      }
    } else if (observed) {
      Object.assign(update, contractFieldsOf(observed, existing))
    }
    if (
      observed &&
      input.readStartedAt &&
      observed.status !== "PendingReturn" &&
      releasedActionIds.length === 0
    ) {
      releasedActionIds = await this.settleReturns(existing.id, now, input.readStartedAt)
    }
    if (Object.keys(update).length === 1) return { application: existing, releasedActionIds }
    const application = await this.updateFinancingApplications(update as { id: string })
    return { application, releasedActionIds }
  }

  /**
   * Marks the returns the service has settled and releases the next waiting one (see the return queue's
   * settleReturns for which). Returns the ids released, to be sent now.
   */
  async settleReturns(applicationId: string, now: Date, sentBefore?: Date): Promise<string[]> {
    const returns = await this.listFinancingActions(
      { application_id: applicationId, kind: "return" },
      { order: { created_at: "ASC" } }
    )
    const { settle, release } = settlementOf(returns, sentBefore)
    for (const id of settle) await this.updateFinancingActions({ id, settled_at: now })
    if (!release) return []
    await this.updateFinancingActions({ id: release, state: "pending", next_attempt_at: now })
    return [release]
  }

  async findApplication(filters: ApplicationFilters): Promise<LedgerApplication | undefined> {
    const [application] = await this.listFinancingApplications(filters, { take: 1 })
    return application
  }

  /** The application's actions, oldest first. */
  async actionsOfApplication(applicationId: string): Promise<LedgerAction[]> {
    return this.listFinancingActions({ application_id: applicationId }, { order: { created_at: "ASC" } })
  }

  /**
   * Records an action once per cause. Medusa may emit an event twice, even at the same moment: the unique
   * cause makes the second record find the first instead of adding another.
   */
  async recordAction(input: ActionRecordInput): Promise<{ action: LedgerAction; created: boolean }> {
    // The column is text (a new kind needs no migration), so the kinds are held here.
    if (!isActionKind(input.kind)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `"${String(input.kind)}" is not a kind of post-sale action`
      )
    }
    const existing = await this.findAction(input.cause)
    if (existing) return { action: existing, created: false }
    try {
      const action = await this.createFinancingActions({
        application_id: input.applicationId,
        kind: input.kind,
        cause: input.cause,
        summary: input.summary,
        payload: input.payload,
        state: input.waiting ? "waiting" : "pending",
        next_attempt_at: input.waiting ? null : new Date(),
      })
      return { action, created: true }
    } catch (error) {
      const raced = await this.findAction(input.cause)
      if (!raced) throw error
      return { action: raced, created: false }
    }
  }

  async findAction(cause: string): Promise<LedgerAction | undefined> {
    const [action] = await this.listFinancingActions({ cause }, { take: 1 })
    return action
  }

  /** Keeps a merchant's invoice file in the ledger's own table until the service accepts it (see invoice-files). */
  @InjectManager()
  async storeInvoiceFile(
    file: InvoiceFileInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StoredInvoiceFile> {
    return insertInvoiceFile(sharedContext.manager!, file)
  }

  @InjectManager()
  async readInvoiceFile(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StoredInvoiceFile | undefined> {
    return selectInvoiceFile(sharedContext.manager!, id)
  }

  @InjectManager()
  async deleteInvoiceFiles(
    ids: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await deleteInvoiceFiles(sharedContext.manager!, ids)
  }

  /** Deletes the files of every invoice the service has accepted; returns their ids. */
  @InjectManager()
  async deleteSentInvoiceFiles(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    return deleteSentInvoiceFiles(sharedContext.manager!)
  }

  /**
   * Records an application before the service is asked for it, so that the ledger knows it whatever happens
   * next: its id is the application's reference number and the key of its callback URL.
   */
  async openApplication(input: OpenApplicationInput): Promise<LedgerApplication> {
    return this.createFinancingApplications({
      public_id: null,
      payment_session_id: null,
      payment_collection_id: input.paymentCollectionId,
      cart_id: input.cartId,
      order_id: null,
      status: "Pending",
      status_history: historyColumn([]),
      amount: input.amount,
      cart_fingerprint: input.fingerprints.cart,
      customer_fingerprint: input.fingerprints.customer,
    })
  }

  /**
   * The service created the application: records its public id, and marks every older application of the
   * same cart that has no order as superseded by it (only the newest may complete the cart). Returns the
   * ids superseded.
   */
  @InjectManager()
  async recordCreated(
    id: string,
    publicId: string,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    await this.updateFinancingApplications({
      id,
      public_id: publicId,
      creation_error: null,
      status_history: historyColumn([{ status: "Pending", at: now.toISOString() }]),
    })
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application older
          SET superseded_by_id = ?, superseded_at = ?, updated_at = now()
         FROM retail_financing_application newer
        WHERE newer.id = ? AND older.cart_id = newer.cart_id AND older.id <> newer.id
          AND older.created_at <= newer.created_at
          AND older.superseded_by_id IS NULL AND older.order_id IS NULL AND older.deleted_at IS NULL
        RETURNING older.id`,
      [id, now, id]
    )
    return rows.map((row) => row.id)
  }

  /** The service did not create it, or its answer was lost: kept, with why, so it can be looked up. */
  async recordCreationError(id: string, message: string): Promise<void> {
    await this.updateFinancingApplications({ id, creation_error: message })
  }

  /** Links the application to the payment session Medusa made for it, once that session is known. */
  async linkSession(id: string, sessionId: string): Promise<void> {
    await this.updateFinancingApplications({ id, payment_session_id: sessionId })
  }

  /**
   * Opens the application's exception (a signed contract with no order), once: returns false when one is
   * already open or was resolved, so the caller logs and tells only the first time.
   */
  @InjectManager()
  async openException(
    id: string,
    reason: ContractExceptionReason,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application SET exception_reason = ?, exception_at = ?, updated_at = now()
        WHERE id = ? AND exception_reason IS NULL RETURNING id`,
      [reason, now, id]
    )
    return rows.length === 1
  }

  /** The merchant (or, for a completion that later succeeded, the plugin) closes an open exception. */
  async resolveException(
    id: string,
    resolution: ExceptionResolution,
    by: string,
    now: Date = new Date()
  ): Promise<LedgerApplication> {
    const application = await this.retrieveFinancingApplication(id)
    if (!application.exception_reason || application.exception_resolution) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        application.exception_resolution
          ? `This exception was already ${application.exception_resolution}.`
          : "This application has no exception to resolve."
      )
    }
    return this.updateFinancingApplications({
      id,
      exception_resolution: resolution,
      exception_resolved_at: now,
      exception_resolved_by: by,
    })
  }

  /**
   * A completion after signing did not give an order. Counts it and says when reconciliation may try again
   * (null: no more tries; the exception waits for the merchant).
   */
  async recordCompletionFailure(
    id: string,
    error: string,
    now: Date = new Date()
  ): Promise<{ attempts: number; nextAt: Date | null }> {
    const application = await this.retrieveFinancingApplication(id)
    const attempts = application.completion_attempts + 1
    const nextAt = nextCompletionAt(attempts, now)
    await this.updateFinancingApplications({
      id,
      completion_attempts: attempts,
      completion_error: error,
      next_completion_at: nextAt,
    })
    return { attempts, nextAt }
  }

  /**
   * The cart became the order: links it, and closes a completion-failed exception the plugin opened
   * earlier (the merchant fixed the cause, a later try worked).
   */
  async recordCompletion(id: string, orderId: string, now: Date = new Date()): Promise<void> {
    const application = await this.retrieveFinancingApplication(id)
    const update: Record<string, unknown> = { id, order_id: orderId, next_completion_at: null }
    if (application.exception_reason === "completion_failed" && !application.exception_resolution) {
      Object.assign(update, {
        exception_resolution: "resolved",
        exception_resolved_at: now,
        exception_resolved_by: "system",
      })
    }
    await this.updateFinancingApplications(update as { id: string })
  }

  /**
   * A status callback (or a reconciliation run) asks for the application to be synced: the sync holding the
   * application's lock reads the status once more before it lets go, so the request is never lost.
   */
  @InjectManager()
  async requestSync(
    id: string,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `UPDATE retail_financing_application SET sync_requested_at = ? WHERE id = ?`,
      [now, id]
    )
  }

  /**
   * Takes the pending sync requests, if any, just before a status read starts: that read serves every request
   * made until now. Returns false when there was none (a read started after the caller's request already
   * served it). One UPDATE decides, so two holders never both take the same requests.
   */
  @InjectManager()
  async claimSyncRequest(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application SET sync_requested_at = NULL
        WHERE id = ? AND sync_requested_at IS NOT NULL RETURNING id`,
      [id]
    )
    return rows.length === 1
  }

  /**
   * Applications whose checkout may still change Medusa, for reconciliation: created at the service since
   * `since`, not ended unsigned nor under return, and either without an exception or with a failed completion
   * whose next try is due. Superseded ones stay (their signature must still become an exception), and so do
   * ones with an order (a funded one still has to be captured; the caller leaves out captured payments).
   * Oldest first.
   */
  @InjectManager()
  async reconcilableApplications(
    since: Date,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ReconcilableApplicationRow[]> {
    const ended = CHECKOUT_ENDED_STATUSES.map(() => "?").join(", ")
    return sharedContext.manager!.execute(
      `SELECT id, public_id, payment_session_id, order_id, status, created_at
         FROM retail_financing_application
        WHERE deleted_at IS NULL AND public_id IS NOT NULL AND created_at >= ?
          AND status NOT IN (${ended})
          AND (exception_reason IS NULL
            OR (exception_reason = 'completion_failed' AND exception_resolution IS NULL
                AND next_completion_at <= ?))
        ORDER BY created_at`,
      [since, ...CHECKOUT_ENDED_STATUSES, now]
    )
  }

  /** A merchant's retry of a failed action (after fixing what the service refused): due again now. */
  async requeueFailedAction(id: string): Promise<LedgerAction> {
    const action = await this.retrieveFinancingAction(id)
    if (action.state !== "failed") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Only a failed action can be retried; this one is ${action.state}.`
      )
    }
    return this.updateFinancingActions({ id, state: "pending", next_attempt_at: new Date() })
  }
}
