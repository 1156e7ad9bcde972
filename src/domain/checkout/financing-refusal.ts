import { MedusaError } from "@medusajs/framework/utils"

import { type EligibilityReason, reasonsOf } from "./eligibility"
import type { CheckoutProblem } from "./shopper-details"
import type { ShopperLanguage } from "../shopper-text"

/** The answer to a session start refused for the cart: the eligibility route's reasons, and the first at the top. */
export interface FinancingRefusalBody {
  type: typeof MedusaError.Types.INVALID_DATA
  /** The first reason's code and field, for a storefront that looks at one. */
  code: EligibilityReason["code"]
  field: string | null
  /** Every reason's sentence, in order: shown as it is by a storefront that reads only `message`. */
  message: string
  reasons: EligibilityReason[]
}

/**
 * The error a workflow step throws when the cart cannot be financed. Medusa's own error handler would
 * answer it 400 with `type`, `code` and `message` (the sentences); `reasons` rides along as an own field,
 * which a workflow keeps when it hands the error on as a plain object, so the session start's middleware
 * can answer the full shape (financingRefusalBodyOf).
 */
export function financingRefusedError(problems: readonly CheckoutProblem[]): MedusaError {
  const reasons = reasonsOf(problems)
  const error = new MedusaError(MedusaError.Types.INVALID_DATA, sentences(reasons), reasons[0]?.code)
  // The values each sentence names ride along too, so the answer can be said in the shopper's language.
  const sayable = problems.map(({ code, field, params, items }) => ({ code, field, params, items }))
  return Object.assign(error, { reasons, sayable })
}

/**
 * The body to answer for an error made by financingRefusedError, after a workflow, in the shopper's
 * language; undefined for any other error.
 */
export function financingRefusalBodyOf(
  error: unknown,
  language: ShopperLanguage = "en"
): FinancingRefusalBody | undefined {
  const { type, reasons, sayable } = (error ?? {}) as { type?: unknown; reasons?: unknown; sayable?: unknown }
  if (type !== MedusaError.Types.INVALID_DATA || !Array.isArray(reasons) || reasons.length === 0)
    return undefined
  const list = Array.isArray(sayable)
    ? reasonsOf(sayable as Pick<CheckoutProblem, "code" | "field" | "params" | "items">[], language)
    : (reasons as EligibilityReason[])
  return {
    type: MedusaError.Types.INVALID_DATA,
    code: list[0].code,
    field: list[0].field,
    message: sentences(list),
    reasons: list,
  }
}

const sentences = (reasons: readonly EligibilityReason[]) => reasons.map(({ message }) => message).join(" ")
