import { centsFromDecimal } from "../../lib/financing/money"

/**
 * Money for "as low as" messaging, in whole cents. The amount a shopper sees arrives as text
 * ("1299.99") and is read digit by digit, so no float ever decides which cent is meant.
 */

/** Nine digits before the point keep every amount a safe integer of cents with room to spare. */
const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/
const MAX_WHOLE_DIGITS = 9

export type AmountProblem = "format" | "not_positive" | "too_large"

/** Each rule as a shopper-facing sentence about the `amount` query parameter. */
export const AMOUNT_RULES: Record<AmountProblem, string> = {
  format: "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99",
  not_positive: "amount must be greater than 0",
  too_large: "amount must be at most 999999999.99",
}

export type ParsedAmount = { ok: true; cents: number } | { ok: false; problem: AmountProblem }

export function parseDollars(text: string): ParsedAmount {
  const match = DOLLARS.exec(text)
  if (!match) return { ok: false, problem: "format" }
  if (match[1].replace(/^0+(?=\d)/, "").length > MAX_WHOLE_DIGITS) return { ok: false, problem: "too_large" }
  const cents = centsFromDecimal(text)
  return cents > 0 ? { ok: true, cents } : { ok: false, problem: "not_positive" }
}

/**
 * A payment the service quoted, in cents. A figure finer than a cent is rounded up: an advertised payment
 * must never be lower than the real one. Read from the number's shortest decimal form (166.4, never
 * 166.40000000000001), so only a real extra digit rounds. Null for what is not a plain decimal.
 */
export function centsRoundedUp(value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || !/^\d+(\.\d+)?$/.test(String(value))) return null
  return centsFromDecimal(value, "up")
}
