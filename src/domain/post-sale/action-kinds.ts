/**
 * The kinds and states of a post-sale action, declared once: the ledger's model stores them and the admin
 * bundle labels them (it imports only types from here, so no server code reaches the browser).
 */

/** What the server decides once per kind; a new kind's row must fill each (the typecheck asks). */
interface ActionKindRow {
  /** What is sent, as a merchant names it in an attention sentence ("Sending the invoice failed"). */
  whatIsSent: string
  /**
   * Whether a status read shows the kind's effect (spec 2.4), so a read is taken before each send to compare
   * with. A kind marked true must have its rule in `effectOfUnknownAttempt` (unknown-outcome.ts): the
   * typecheck fails there until it does.
   */
  effectIsVisible: boolean
  /**
   * What is done when the effect cannot be seen, and why: a repeat of these is harmless, so they are sent
   * again (at least once). A kind whose effect is always seen or shown absent says so.
   */
  unseeableEffectChoice: string
}

/** One row per kind: adding a kind is adding its row, which asks for each decision above. */
export const ACTION_KIND_ROWS = {
  order_references: {
    whatIsSent: "the order number",
    effectIsVisible: false,
    unseeableEffectChoice:
      "sent again: the service keeps order references as a set, so a repeat changes nothing",
  },
  invoice: {
    whatIsSent: "the invoice",
    effectIsVisible: true,
    unseeableEffectChoice:
      "sent again: the contract was not waiting for an invoice, so a repeat is the same document again",
  },
  delivery: {
    whatIsSent: "the delivery information",
    effectIsVisible: false,
    unseeableEffectChoice:
      "sent again: a second identical delivery record is harmless, a missing one delays funding",
  },
  return: {
    whatIsSent: "the return request",
    effectIsVisible: true,
    unseeableEffectChoice: "never: a return's effect is always checked",
  },
} as const satisfies Record<string, ActionKindRow>

export type ActionKind = keyof typeof ACTION_KIND_ROWS
export const ACTION_KINDS = Object.keys(ACTION_KIND_ROWS) as readonly ActionKind[]

/** The kinds nothing in a status read shows (their row says `effectIsVisible: false`). */
export type UnseeableKind = {
  [K in ActionKind]: (typeof ACTION_KIND_ROWS)[K]["effectIsVisible"] extends false ? K : never
}[ActionKind]

/** The ledger stores the kind as text, so a kind read back is checked before it picks a performer. */
export function isActionKind(kind: string): kind is ActionKind {
  return (ACTION_KINDS as readonly string[]).includes(kind)
}

/**
 * pending: due at `next_attempt_at`; sending: claimed by one sender until `lease_until`; waiting: a return
 * queued behind another return the service has not settled; unknown: the last attempt may or may not have
 * reached the service (a timeout, a reset after sending, a 5xx, a sender that died mid-send), due at
 * `next_attempt_at` for a check; checking: claimed by one sender that looks at the service for the effect
 * before sending again; succeeded and failed are final until a merchant retries a failed one. The moves
 * between them are action-states.ts.
 */
export const ACTION_STATES = [
  "pending",
  "sending",
  "succeeded",
  "failed",
  "waiting",
  "unknown",
  "checking",
] as const
export type ActionState = (typeof ACTION_STATES)[number]
