import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

import { isActionKind, type ActionState } from "../../domain/post-sale/action-kinds"
import {
  ACTION_MOVES,
  type ActionMove,
  DUE_STATES,
  HELD_STATES,
  canMove,
  nextState,
} from "../../domain/post-sale/action-states"
import { type ActionAttempt, attemptLogOf, leftOutcomeUnknown } from "../../domain/post-sale/unknown-outcome"
import type { ActionRows, SharedManager } from "./ledger-rows"
import { settleReturns as settlementOf } from "./return-queue"
import { type SenderIdentity, currentSender } from "./sender-identity"
import type { ActionRecordInput, LedgerAction } from "./types"

const sqlList = (states: readonly string[]) => states.map((state) => `'${state}'`).join(", ")

/** Due to be taken: pending or unknown past its next attempt, or held by a sender whose lease ran out. */
const DUE_ACTION = `((state IN (${sqlList(DUE_STATES)}) AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
  OR (state IN (${sqlList(HELD_STATES)}) AND lease_until < now()))`

/** The claim's move, in SQL: the state machine's claim row, one WHEN per state it starts from. */
const CLAIMED_STATE = `CASE state ${Object.entries(ACTION_MOVES.claim)
  .map(([from, to]) => `WHEN '${from}' THEN '${to}'`)
  .join(" ")} END`

/** An action as a move needs it: which one, and the state it was last seen in. */
type Seen = Pick<LedgerAction, "id" | "state">

/** How an attempt ended, as the action keeps it. */
interface AttemptEnd {
  /** The action's whole attempt log, this attempt included. */
  log: ActionAttempt[]
  lastError: string
  /** When it is due again. */
  dueAt: Date
}

/**
 * The post-sale action queue: what the service must hear after the sale, recorded, claimed by one sender at
 * a time, and moved to its outcome. The only writer of an action's `state`: every write is a move of the
 * state machine (domain/post-sale/action-states.ts), made here from the state the action was in.
 */
export class ActionQueue {
  protected readonly baseRepository_: unknown

  constructor(
    private readonly rows_: ActionRows,
    { baseRepository }: SharedManager
  ) {
    this.baseRepository_ = baseRepository
  }

  /**
   * Records an action once per cause. Medusa may emit an event twice, even at the same moment: the unique
   * cause makes the second record find the first instead of adding another.
   */
  async record(input: ActionRecordInput): Promise<{ action: LedgerAction; created: boolean }> {
    // The column is text (a new kind needs no migration), so the kinds are held here.
    if (!isActionKind(input.kind)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `"${String(input.kind)}" is not a kind of post-sale action`
      )
    }
    const existing = await this.find(input.cause)
    if (existing) return { action: existing, created: false }
    try {
      const action = await this.rows_.createFinancingActions({
        application_id: input.applicationId,
        kind: input.kind,
        cause: input.cause,
        summary: input.summary,
        payload: input.payload,
        state: nextState(input.waiting ? "queue" : "record", "unrecorded"),
        next_attempt_at: input.waiting ? null : new Date(),
      })
      return { action, created: true }
    } catch (error) {
      const raced = await this.find(input.cause)
      if (!raced) throw error
      return { action: raced, created: false }
    }
  }

  /** Removes actions a failed workflow recorded (its compensation): nothing was sent for them yet. */
  async unrecord(ids: string[]): Promise<void> {
    await this.rows_.deleteFinancingActions(ids)
  }

  async find(cause: string): Promise<LedgerAction | undefined> {
    const [action] = await this.rows_.listFinancingActions({ cause }, { take: 1 })
    return action
  }

  /** The application's actions, oldest first. */
  async ofApplication(applicationId: string): Promise<LedgerAction[]> {
    return this.rows_.listFinancingActions(
      { application_id: applicationId },
      { order: { created_at: "ASC" } }
    )
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
  async claim(
    id: string,
    leaseMs: number,
    sender: SenderIdentity = currentSender(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `UPDATE retail_financing_action
          SET state = ${CLAIMED_STATE},
              lease_until = now() + (? * interval '1 millisecond'), sender = ?::jsonb, updated_at = now()
        WHERE id = ? AND deleted_at IS NULL AND ${DUE_ACTION}
        RETURNING id`,
      [leaseMs, JSON.stringify(sender), id]
    )
    return rows.length === 1
  }

  /** Ids of actions a sender should take now: due pending ones, due checks, abandoned sends. */
  @InjectManager()
  async dueIds(limit: number, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}) {
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
  async held(
    limit: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; sender: unknown }[]> {
    return sharedContext.manager!.execute(
      `SELECT id, sender FROM retail_financing_action
        WHERE deleted_at IS NULL AND state IN (${sqlList(HELD_STATES)}) AND lease_until >= now()
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
        WHERE id = ? AND state IN (${sqlList(HELD_STATES)}) AND sender = ?::jsonb
        RETURNING id`,
      [id, JSON.stringify(sender)]
    )
    return rows.length === 1
  }

  /** An attempt is about to leave: logged first, so a sender that dies mid-send leaves it to be checked. */
  async startAttempt(action: Seen, log: ActionAttempt[]): Promise<LedgerAction> {
    return this.move_(action, "send", { attempt_log: log, attempts: log.length })
  }

  /** The service took it (or a check found an earlier attempt's effect there): done. */
  async succeed(action: Seen, { log, result }: { log: ActionAttempt[]; result: string | null }) {
    return this.move_(action, "succeed", {
      attempt_log: log,
      result,
      last_error: null,
      ...released(null),
      completed_at: new Date(),
    })
  }

  /** The service refused it: it waits for a person (a merchant may requeue it). */
  async fail(action: Seen, { log, lastError }: Omit<AttemptEnd, "dueAt">) {
    return this.move_(action, "fail", {
      attempt_log: log,
      attempts: log.length,
      last_error: lastError,
      ...released(null),
    })
  }

  /**
   * The attempt may have reached the service, or its effect could not be checked: checked again at `dueAt`.
   * `countAttempt` when an attempt was sent (a failed check sent nothing).
   */
  async outcomeUnknown(
    action: Seen,
    { log, lastError, dueAt, countAttempt }: AttemptEnd & { countAttempt: boolean }
  ) {
    return this.move_(action, "outcomeUnknown", {
      attempt_log: log,
      ...(countAttempt ? { attempts: log.length } : {}),
      last_error: lastError,
      ...released(dueAt),
    })
  }

  /** Provably not sent: due again at `dueAt`. */
  async retry(action: Seen, { log, lastError, dueAt }: AttemptEnd) {
    return this.move_(action, "retry", {
      attempt_log: log,
      attempts: log.length,
      last_error: lastError,
      ...released(dueAt),
    })
  }

  /**
   * Gives a claim back (its workflow failed before an outcome was recorded): due again now, and checked
   * first if its last attempt may have reached the service. An action that reached an outcome keeps it.
   */
  async giveBack(id: string): Promise<void> {
    const action = await this.rows_.retrieveFinancingAction(id)
    const move = leftOutcomeUnknown(attemptLogOf(action.attempt_log).at(-1)) ? "outcomeUnknown" : "retry"
    if (!canMove(move, action.state)) return
    await this.move_(action, move, released(new Date()))
  }

  /** A merchant's retry of a failed action (after fixing what the service refused): due again now. */
  async requeue(id: string): Promise<LedgerAction> {
    const action = await this.rows_.retrieveFinancingAction(id)
    if (!canMove("requeue", action.state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Only a failed action can be retried; this one is ${action.state}.`
      )
    }
    return this.move_(action, "requeue", { next_attempt_at: new Date() })
  }

  /** Undoes a merchant's retry whose workflow failed; a send that began keeps its own outcome. */
  async unrequeue(id: string): Promise<void> {
    const action = await this.rows_.retrieveFinancingAction(id)
    if (canMove("unrequeue", action.state)) await this.move_(action, "unrequeue", { next_attempt_at: null })
  }

  /**
   * Marks the returns the service has settled and releases the next waiting one (see the return queue's
   * settleReturns for which). Returns the ids released, to be sent now.
   */
  async settleReturns(applicationId: string, now: Date, sentBefore?: Date): Promise<string[]> {
    const returns = await this.rows_.listFinancingActions(
      { application_id: applicationId, kind: "return" },
      { order: { created_at: "ASC" } }
    )
    const { settle, release } = settlementOf(returns, sentBefore)
    for (const id of settle) await this.rows_.updateFinancingActions({ id, settled_at: now })
    const released = returns.find((action) => action.id === release)
    if (!released) return []
    await this.move_(released, "release", { next_attempt_at: now })
    return [released.id]
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

  /** The one write of `state`: the move's next state from the one the action was seen in. */
  private async move_(
    action: Seen,
    move: ActionMove,
    fields: Record<string, unknown>
  ): Promise<LedgerAction> {
    const state: ActionState = nextState(move, action.state)
    return this.rows_.updateFinancingActions({ ...fields, id: action.id, state })
  }
}

/** The sender lets go of the action: no lease, no holder, due at `dueAt` (null: not due again). */
function released(dueAt: Date | null) {
  return { lease_until: null, sender: null, next_attempt_at: dueAt }
}
