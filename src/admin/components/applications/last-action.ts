import type { PostSaleAction } from "../../../domain/admin-api/types"
import type { ActionState } from "../../../domain/post-sale/action-kinds"
import { actionKindLabel } from "../../lib/format"

/** What became of an action, as a merchant says it after its name ("Invoice sent"). */
const STATE_WORDS: Record<ActionState, string> = {
  pending: "queued",
  sending: "being sent",
  succeeded: "sent",
  failed: "failed",
  waiting: "waiting for an earlier return to settle",
  unknown: "outcome unknown",
  checking: "being checked at the service",
}

/** "Invoice sent", "Delivery information failed", "No action yet". */
export function lastActionWords(action: Pick<PostSaleAction, "kind" | "state"> | null): string {
  if (!action) return "No action yet"
  const state = STATE_WORDS[action.state as ActionState] ?? action.state
  return `${actionKindLabel(action.kind)} ${state}`
}
