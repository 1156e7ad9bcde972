/**
 * The kinds and states of a post-sale action, declared once: the ledger's model stores them and the admin
 * bundle labels them (it imports only types from here, so no server code reaches the browser).
 */
export const ACTION_KINDS = ["order_references", "invoice", "delivery", "return"] as const
export type ActionKind = (typeof ACTION_KINDS)[number]

/**
 * pending: due at `next_attempt_at`; sending: claimed by one sender until `lease_until`; waiting: a return
 * queued behind another return the service has not settled; succeeded and failed are final until a merchant
 * retries a failed one.
 */
export const ACTION_STATES = ["pending", "sending", "succeeded", "failed", "waiting"] as const
export type ActionState = (typeof ACTION_STATES)[number]
