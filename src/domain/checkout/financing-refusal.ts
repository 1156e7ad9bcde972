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

/** What of a problem the refusal carries: enough to say it in any language, nothing for the log. */
type SayableProblem = Pick<CheckoutProblem, "code" | "field" | "params" | "items">

/**
 * The error a workflow step throws when the cart cannot be financed. Medusa's own error handler would
 * answer it 400 with `type`, `code` and `message` (the sentences, in English); the problems ride along as an
 * own field, which a workflow keeps when it hands the error on as a plain object, so the session start's
 * middleware can answer the full shape in the shopper's language (financingRefusalBodyOf).
 */
export function financingRefusedError(problems: readonly CheckoutProblem[]): MedusaError {
  const sayable: SayableProblem[] = problems.map(({ code, field, params, items }) => ({
    code,
    field,
    params,
    items,
  }))
  const reasons = reasonsOf(sayable)
  const error = new MedusaError(MedusaError.Types.INVALID_DATA, sentences(reasons), reasons[0]?.code)
  return Object.assign(error, { problems: sayable })
}

/**
 * The body to answer for an error made by financingRefusedError, after a workflow, in the shopper's
 * language; undefined for any other error.
 */
export function financingRefusalBodyOf(
  error: unknown,
  language: ShopperLanguage = "en"
): FinancingRefusalBody | undefined {
  const { type, problems } = (error ?? {}) as { type?: unknown; problems?: unknown }
  if (type !== MedusaError.Types.INVALID_DATA || !Array.isArray(problems) || problems.length === 0)
    return undefined
  const reasons = reasonsOf(problems as SayableProblem[], language)
  return {
    type: MedusaError.Types.INVALID_DATA,
    code: reasons[0].code,
    field: reasons[0].field,
    message: sentences(reasons),
    reasons,
  }
}

const sentences = (reasons: readonly EligibilityReason[]) => reasons.map(({ message }) => message).join(" ")
