import { RETURN_TYPES, type ReturnType } from "../../lib/financing/schemas"

/** What Medusa has done to a financed order's money so far, in cents. */
export interface ReturnFacts {
  /** The contract's financed amount: its invoice amount, or the cart total until the service reports one. */
  financedCents: number
  /** Sum of the return requests already recorded for the application (sent, queued or in flight). */
  requestedCents: number
  /** Sum of Medusa's refunds of the order's financing payment. */
  refundedCents: number
  /**
   * How much less Medusa's order charges now than the contract was signed for (0 when not less): its total
   * falls as returns are received or dismissed, by each item's own value, and rises by a return shipping
   * fee. Medusa's own figure, from which its refund button suggests what to refund.
   */
  orderReductionCents: number
}

export type ReturnCause = "cancel" | "refund" | "return_received"

export interface PlannedReturn {
  returnType: ReturnType
  /** The amount this request gives back; sent as `amount` for a Partial only. */
  amountCents: number
}

/**
 * The return request one cause adds, if any. A refund and the received return it pays for are the same
 * money, so each cause aims the total requested at what the shopper no longer pays for: the larger of
 * Medusa's refunds and of what Medusa's order no longer charges (the whole contract for a cancel), and asks
 * only for the difference. Whichever of the two events arrives first sends the request; the second finds
 * nothing left to ask. Measuring a return by the order's total, not by the return's refund amount, keeps
 * the plugin on Medusa's own figure: Medusa lowers a return's refund amount by refunds made before it, and
 * refunding what Medusa then suggests sends nothing more (docs/after-the-sale.md, "When a refund sends a
 * return"). A request that brings the total to the whole financed amount is a Return; anything less is a
 * Partial with its amount.
 */
export function planReturn(cause: ReturnCause, facts: ReturnFacts): PlannedReturn | null {
  const target =
    cause === "cancel"
      ? facts.financedCents
      : Math.min(facts.financedCents, Math.max(facts.refundedCents, facts.orderReductionCents))
  const amountCents = target - facts.requestedCents
  if (amountCents <= 0) return null
  const returnsEverything = facts.requestedCents + amountCents >= facts.financedCents
  return { returnType: returnsEverything ? RETURN_TYPES.Return : RETURN_TYPES.Partial, amountCents }
}
