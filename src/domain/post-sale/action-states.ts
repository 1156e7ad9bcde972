import type { ActionState } from "./action-kinds"

/**
 * Every move a post-sale action's state can make, written once: the action queue (the ledger module's
 * action-queue.ts) is the one writer of `state`, and each of its writes is one of these moves. A move from a
 * state not listed for it is refused, so a bug that would, say, send a succeeded action again stops here.
 *
 * `unrecorded` is the action before it exists in the ledger.
 */
export const ACTION_MOVES = {
  /** Recorded, due now. */
  record: { unrecorded: "pending" },
  /** Recorded behind a return the service has not settled yet (see the return queue). */
  queue: { unrecorded: "waiting" },
  /** The return before it settled: this one is due now. */
  release: { waiting: "pending" },
  /**
   * A sender takes a due action. A pending one is sent; one whose last attempt may have reached the service,
   * or whose sender stopped mid-send (its lease ran out), is first checked at the service.
   */
  claim: { pending: "sending", unknown: "checking", sending: "checking", checking: "checking" },
  /** An attempt's request is about to leave: after a check that found no effect, the action is sent again. */
  send: { sending: "sending", checking: "sending" },
  /** The service took it, or a check found the effect of an earlier attempt at the service. */
  succeed: { sending: "succeeded", checking: "succeeded" },
  /** The service refused it: final until a merchant retries it. */
  fail: { sending: "failed", checking: "failed" },
  /** The attempt may or may not have reached the service, or its effect could not be checked: check later. */
  outcomeUnknown: { sending: "unknown", checking: "unknown" },
  /** Provably not sent (or the claim given back): due again later. */
  retry: { sending: "pending", checking: "pending" },
  /** A merchant retries a failed action: due now. */
  requeue: { failed: "pending" },
  /** The merchant's retry undone (its workflow failed) before any sender took the action. */
  unrequeue: { pending: "failed" },
} as const satisfies Record<string, Partial<Record<ActionState | "unrecorded", ActionState>>>

export type ActionMove = keyof typeof ACTION_MOVES

/** The states a move may start from. */
export function statesBefore(move: ActionMove): (ActionState | "unrecorded")[] {
  return Object.keys(ACTION_MOVES[move]) as (ActionState | "unrecorded")[]
}

export function canMove(move: ActionMove, from: ActionState | "unrecorded"): boolean {
  return Object.hasOwn(ACTION_MOVES[move], from)
}

export class IllegalActionMove extends Error {
  constructor(
    readonly move: ActionMove,
    readonly from: string
  ) {
    super(`a post-sale action cannot ${move} from ${from}`)
    this.name = "IllegalActionMove"
  }
}

/** The state after `move` from `from`; throws IllegalActionMove when the move does not start there. */
export function nextState(move: ActionMove, from: ActionState | "unrecorded"): ActionState {
  const moves: Partial<Record<string, ActionState>> = ACTION_MOVES[move]
  const to = Object.hasOwn(moves, from) ? moves[from] : undefined
  if (!to) throw new IllegalActionMove(move, from)
  return to
}

/**
 * States in which a sender holds the action under a lease (`lease_until`): a claim takes it from another
 * sender only once the lease has run out.
 */
export const HELD_STATES = ["sending", "checking"] as const satisfies readonly ActionState[]

/** States in which an action is due at its `next_attempt_at` (or now, when that is empty). */
export const DUE_STATES = ["pending", "unknown"] as const satisfies readonly ActionState[]
