import type { Context } from "@medusajs/framework/types"
import {
  BigNumber,
  InjectManager,
  MedusaContext,
  MedusaError,
  generateEntityId,
} from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

import type { ContractExceptionReason, ExceptionResolution } from "../../domain/checkout/contract-exceptions"
import { nextCompletionAt } from "../../domain/checkout/completion-retry"
import type { ApplicationStatusValue } from "../../lib/financing/schemas"
import { APPLICATION_ID_PREFIX } from "./models/financing-application"
import type { ActionQueue } from "./action-queue"
import {
  contractFieldsOf,
  historyColumn,
  payoutChangeOf,
  readSincePendingReturn,
  statusHistoryOf,
} from "./application-record"
import type { ApplicationRows, SharedManager } from "./ledger-rows"
import { CHECKOUT_ENDED_STATUSES, acceptsStatus, settlesReturn } from "./ledger-status"
import type {
  ApplicationFilters,
  ApplicationRecordInput,
  ApplicationRecordResult,
  LedgerApplication,
  OpenApplicationInput,
  ReconcilableApplicationRow,
} from "./types"

/**
 * The ledger of financing applications: each one recorded before the service is asked for it, then its
 * statuses (forward only), its contract figures, its checkout's completion and its exception. A status read
 * that settles a return lets the action queue release the next one.
 */
export class ApplicationLedger {
  protected readonly baseRepository_: unknown

  constructor(
    private readonly rows_: ApplicationRows,
    private readonly actions_: Pick<ActionQueue, "settleReturns">,
    { baseRepository }: SharedManager
  ) {
    this.baseRepository_ = baseRepository
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
        const created = await this.rows_.createFinancingApplications({
          public_id: input.publicId,
          payment_session_id: input.sessionId,
          cart_id: input.cartId,
          order_id: input.orderId ?? null,
          status,
          status_history: historyColumn([{ status, at: now.toISOString() }]),
          amount: input.amount,
          ...contractFieldsOf(input.observed, undefined, now),
        })
        return {
          application: created,
          releasedActionIds: [],
          statusChange: { from: null, to: status },
          payoutChange: payoutChangeOf(undefined, created.funding),
        }
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
    let statusChange: ApplicationRecordResult["statusChange"] = null
    const contract = contractFieldsOf(observed, existing, now)
    const movesStatus = Boolean(
      observed &&
      acceptsStatus(recorded, observed.status) &&
      (recorded !== "PendingReturn" || readSincePendingReturn(existing, input.readStartedAt))
    )
    // Compare-and-set: of two writers that read the same status or payment (a callback's sync and a return's
    // follow-up read, which hold no common lock), one writes it and the other reads again, so a move of the
    // status and a new payment are each recorded, and told, once.
    if (
      (movesStatus || "funding" in contract) &&
      !(await this.claimChange(existing, movesStatus ? observed!.status : null, contract))
    ) {
      return this.recordApplication(input, now)
    }
    const payoutChange = payoutChangeOf(existing.funding, contract.funding)
    if (observed && movesStatus) {
      update.status = observed.status
      statusChange = { from: recorded, to: observed.status }
      update.status_history = historyColumn([
        ...statusHistoryOf(existing),
        { status: observed.status, at: now.toISOString() },
      ])
      if (settlesReturn(recorded, observed.status)) {
        releasedActionIds = await this.actions_.settleReturns(existing.id, now)
      }
    }
    Object.assign(update, contract)
    if (
      observed &&
      input.readStartedAt &&
      observed.status !== "PendingReturn" &&
      releasedActionIds.length === 0
    ) {
      releasedActionIds = await this.actions_.settleReturns(existing.id, now, input.readStartedAt)
    }
    if (Object.keys(update).length === 1) {
      return { application: existing, releasedActionIds, statusChange, payoutChange }
    }
    const application = await this.rows_.updateFinancingApplications(update as { id: string })
    return { application, releasedActionIds, statusChange, payoutChange }
  }

  /**
   * Writes the new status and the new payment only over the ones the caller read (the status, and the
   * payment's last change, which every write of a payment sets); false when another write came first.
   */
  @InjectManager()
  private async claimChange(
    existing: LedgerApplication,
    status: string | null,
    contract: Record<string, unknown>,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const sets: string[] = ["status = ?"]
    const values: unknown[] = [status ?? existing.status]
    if ("funding" in contract) {
      sets.push("funding = ?::jsonb", "funding_changed_at = ?")
      values.push(JSON.stringify(contract.funding), contract.funding_changed_at)
    }
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application SET ${sets.join(", ")}, updated_at = now()
        WHERE id = ? AND status = ? AND funding_changed_at IS NOT DISTINCT FROM ? RETURNING id`,
      [...values, existing.id, existing.status, existing.funding_changed_at ?? null]
    )
    return rows.length === 1
  }

  async findApplication(filters: ApplicationFilters): Promise<LedgerApplication | undefined> {
    const [application] = await this.rows_.listFinancingApplications(filters, { take: 1 })
    return application
  }

  /**
   * Records an application before the service is asked for it; returns its id (the reference number and
   * the callback's key). One plain INSERT: it runs on the shopper's click, where the ORM's create and the
   * entity it hands back cost several times as much.
   */
  @InjectManager()
  async openApplication(
    input: OpenApplicationInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string> {
    const id = generateEntityId(undefined, APPLICATION_ID_PREFIX)
    const amount = new BigNumber(input.amount)
    await sharedContext.manager!.execute(
      `INSERT INTO retail_financing_application
         (id, payment_collection_id, cart_id, store_code, status, status_history, amount, raw_amount,
          cart_fingerprint, customer_fingerprint)
       VALUES (?, ?, ?, ?, 'Pending', '[]'::jsonb, ?, ?::jsonb, ?, ?)`,
      [
        id,
        input.paymentCollectionId,
        input.cartId,
        input.storeCode,
        amount.numeric,
        JSON.stringify(amount.raw),
        input.fingerprints.cart,
        input.fingerprints.customer,
      ]
    )
    return id
  }

  /**
   * The service created the application: records its public id, and marks every older application of the
   * same cart that has no order as superseded by it (only the newest may complete the cart). Returns the
   * ids superseded. One statement: both writes, and whether the application was there to record.
   */
  @InjectManager()
  async recordCreated(
    id: string,
    publicId: string,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const [result]: { recorded: number; superseded: string[] | null }[] =
      await sharedContext.manager!.execute(
        `WITH created AS (
         UPDATE retail_financing_application
            SET public_id = ?, creation_error = NULL, status_history = ?::jsonb, updated_at = now()
          WHERE id = ? AND deleted_at IS NULL
          RETURNING id, cart_id, created_at
       ), superseded AS (
         UPDATE retail_financing_application older
            SET superseded_by_id = created.id, superseded_at = ?, updated_at = now()
           FROM created
          WHERE older.cart_id = created.cart_id AND older.id <> created.id
            AND older.created_at <= created.created_at
            AND older.superseded_by_id IS NULL AND older.order_id IS NULL AND older.deleted_at IS NULL
          RETURNING older.id
       )
       SELECT (SELECT count(*) FROM created)::int AS recorded, (SELECT array_agg(id) FROM superseded) AS superseded`,
        [publicId, JSON.stringify(historyColumn([{ status: "Pending", at: now.toISOString() }])), id, now]
      )
    if (result.recorded !== 1) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `No financing application ${id} to record.`)
    }
    return result.superseded ?? []
  }

  /**
   * Gives rows recorded before the ledger kept store codes the store code they were made with (the
   * top-level one: there was no other). Returns how many.
   */
  @InjectManager()
  async fillMissingStoreCodes(
    storeCode: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application SET store_code = ? WHERE store_code IS NULL RETURNING id`,
      [storeCode]
    )
    return rows.length
  }

  /** The service did not create it, or its answer was lost: kept, with why, so it can be looked up. */
  async recordCreationError(id: string, message: string): Promise<void> {
    await this.rows_.updateFinancingApplications({ id, creation_error: message })
  }

  /** Links the application to the payment session Medusa made for it, once that session is known. */
  async linkSession(id: string, sessionId: string): Promise<void> {
    await this.rows_.updateFinancingApplications({ id, payment_session_id: sessionId })
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
    const application = await this.rows_.retrieveFinancingApplication(id)
    if (!application.exception_reason || application.exception_resolution) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        application.exception_resolution
          ? `This exception was already ${application.exception_resolution}.`
          : "This application has no exception to resolve."
      )
    }
    return this.rows_.updateFinancingApplications({
      id,
      exception_resolution: resolution,
      exception_resolved_at: now,
      exception_resolved_by: by,
    })
  }

  /**
   * The merchant marks the contract's in-store payment received from the shopper. Compare-and-set: only the
   * first mark is written (one UPDATE decides, so two admins clicking at once record one), and a later one
   * keeps the first's time and user. `recorded` says whether this call wrote it; whether anything is owed
   * at all is the caller's rule (domain/post-sale/in-store-payment.ts).
   */
  @InjectManager()
  async markInStorePaymentReceived(
    id: string,
    by: string,
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ recorded: boolean }> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_application
          SET in_store_payment_received_at = ?, in_store_payment_received_by = ?, updated_at = now()
        WHERE id = ? AND in_store_payment_received_at IS NULL RETURNING id`,
      [now, by, id]
    )
    return { recorded: rows.length === 1 }
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
    const application = await this.rows_.retrieveFinancingApplication(id)
    const attempts = application.completion_attempts + 1
    const nextAt = nextCompletionAt(attempts, now)
    await this.rows_.updateFinancingApplications({
      id,
      completion_attempts: attempts,
      completion_error: error,
      next_completion_at: nextAt,
    })
    return { attempts, nextAt }
  }

  /**
   * The cart became the order: links it, and closes a completion-failed exception the plugin opened
   * earlier (the merchant fixed the cause, a later try worked). Returns the application as written and
   * whether this write closed the exception (its event is told once, from here).
   */
  async recordCompletion(
    id: string,
    orderId: string,
    now: Date = new Date()
  ): Promise<{ application: LedgerApplication; closedException: boolean }> {
    const application = await this.rows_.retrieveFinancingApplication(id)
    const update: Record<string, unknown> = { id, order_id: orderId, next_completion_at: null }
    if (application.exception_reason === "completion_failed" && !application.exception_resolution) {
      Object.assign(update, {
        exception_resolution: "resolved",
        exception_resolved_at: now,
        exception_resolved_by: "system",
      })
    }
    const written = await this.rows_.updateFinancingApplications(update as { id: string })
    return { application: written, closedException: "exception_resolution" in update }
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
      `SELECT id, public_id, store_code, payment_session_id, order_id, status, created_at
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
}
