import type { PostSaleAction } from "../../../domain/admin-api/types"
import type { ActionState } from "../../../domain/post-sale/action-kinds"
import { actionKindLabel } from "../../lib/action-words"

/**
 * What became of an action, as a merchant says it after its name ("Invoice sent"), in the words the order
 * widget's state labels use (format.ts), so the list and the order page say the same thing.
 */
const STATE_WORDS: Record<ActionState, string> = {
  pending: "queued",
  sending: "being sent",
  succeeded: "sent",
  failed: "failed",
  waiting: "waiting its turn",
  unknown: "not confirmed",
  checking: "being checked",
}

/** "Invoice sent", "Delivery information failed", "No action yet". */
export function lastActionWords(action: Pick<PostSaleAction, "kind" | "state"> | null): string {
  if (!action) return "No action yet"
  const state = STATE_WORDS[action.state as ActionState] ?? action.state
  return `${actionKindLabel(action.kind)} ${state}`
}
