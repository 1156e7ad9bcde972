import { RETURN_TYPES, type ReturnType } from "../../lib/financing/schemas"
import { formatUsd, toCents } from "../money"

/** The kinds of return a merchant can ask for from the admin. */
export type MerchantReturnType = "return" | "partial" | "redraft"

export interface MerchantReturnFacts {
  returnType: MerchantReturnType
  /** The amount asked for, in dollars: a Partial's only. */
  amount?: number
  /** The contract's financed amount. */
  financedCents: number
  /** Sum of the return requests already recorded and not refused. */
  requestedCents: number
}

export type MerchantReturnPlan =
  | { ok: true; returnType: ReturnType; amountCents: number }
  /** `invalid`: the request itself is wrong; `not_allowed`: nothing is left to return. */
  | { ok: false; refusal: "invalid" | "not_allowed"; message: string }

const SERVICE_RETURN_TYPES: Record<MerchantReturnType, ReturnType> = {
  return: RETURN_TYPES.Return,
  partial: RETURN_TYPES.Partial,
  redraft: RETURN_TYPES.Redraft,
}

/**
 * What a merchant's return asks of the contract. A return can only give back the financed amount not yet
 * asked back: a Return takes all of what is left (and is refused when nothing is), a Partial more than
 * nothing and at most what is left; a Redraft moves no money.
 */
export function planMerchantReturn(facts: MerchantReturnFacts): MerchantReturnPlan {
  const remaining = facts.financedCents - facts.requestedCents
  const returnType = SERVICE_RETURN_TYPES[facts.returnType]
  if (returnType === RETURN_TYPES.Redraft) return { ok: true, returnType, amountCents: 0 }
  if (returnType === RETURN_TYPES.Return) {
    if (remaining <= 0) {
      return {
        ok: false,
        refusal: "not_allowed",
        message: "The whole financed amount has already been returned.",
      }
    }
    return { ok: true, returnType, amountCents: remaining }
  }
  const amountCents = toCents(facts.amount ?? 0)
  if (amountCents <= 0 || amountCents > remaining) {
    return {
      ok: false,
      refusal: "invalid",
      message:
        `amount must be greater than 0 and at most ${formatUsd(Math.max(0, remaining))}, ` +
        "the financed amount not yet returned",
    }
  }
  return { ok: true, returnType, amountCents }
}
