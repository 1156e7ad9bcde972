/**
 * The kinds and states of a post-sale action, declared once: the ledger's model stores them and the admin
 * bundle labels them (it imports only types from here, so no server code reaches the browser).
 */
export const ACTION_KINDS = ["order_references", "invoice", "delivery", "return"] as const
export type ActionKind = (typeof ACTION_KINDS)[number]

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
