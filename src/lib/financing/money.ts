/*
 * Money as the plugin reckons it: whole cents (safe integers) in all arithmetic, a decimal of dollars only
 * at the edges (the service's wire format, text a person reads). It knows nothing of Medusa, so the
 * contract and client here and the Medusa glue above (domain/money.ts adds Medusa's BigNumber) share one
 * set of conversions: a second copy would round differently somewhere.
 */

/**
 * How a figure finer than a cent becomes whole cents. "half-up": half a cent and more goes away from zero,
 * as a person rounds money (bignumber.js's ROUND_HALF_UP). "up": any fraction of a cent goes away from
 * zero, for a figure that must never be shown lower than it is (bignumber.js's ROUND_UP).
 */
export type CentsRounding = "half-up" | "up"

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * Whole cents from an amount in dollars, read from its decimal spelling: a number by its shortest form
 * (1.005 is "1.005", never its binary neighbour 1.00499999…), a string as written ("13.335", "1e3").
 * Never -0. Throws a RangeError for what is not a finite decimal (NaN, "12,50").
 */
export function centsFromDecimal(amount: number | string, rounding: CentsRounding = "half-up"): number {
  const text = typeof amount === "number" ? String(amount) : amount.trim()
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === "" && !match[3])) throw new RangeError(`not a decimal amount: ${text}`)
  const [, sign, whole, fraction = "", exponent = "0"] = match
  // Dollars to cents moves the decimal point two places right, after the exponent has moved it.
  const digits = whole + fraction
  const point = whole.length + Number(exponent) + 2
  const kept = point <= 0 ? "0" : digits.slice(0, point).padEnd(point, "0")
  const dropped = point <= 0 ? "0".repeat(-point) + digits : digits.slice(point)
  const awayFromZero = rounding === "up" ? /[1-9]/.test(dropped) : (dropped[0] ?? "0") >= "5"
  const cents = Number(kept) + (awayFromZero ? 1 : 0)
  // `+ 0` turns the -0 of a negative amount that rounds to nothing into 0.
  return (sign === "-" ? -cents : cents) + 0
}

/** Dollars from whole cents, as a number (the service's wire format): 1333 → 13.33. */
export const fromCents = (cents: number): number => cents / 100

/** "1299.99" from 129999 cents: a decimal with exactly two places, written from the integer, not a float. */
export function centsToDecimalText(cents: number): string {
  const { sign, dollars, rest } = parts(cents)
  return `${sign}${dollars}.${rest}`
}

/** "$1,234.56" / "-$90.00" from whole cents, by integer arithmetic so no cent is lost to a float. */
export function formatUsd(cents: number): string {
  const { sign, dollars, rest } = parts(cents)
  return `${sign}$${dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${rest}`
}

function parts(cents: number): { sign: string; dollars: string; rest: string } {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  const magnitude = Math.abs(cents)
  return {
    sign: cents < 0 ? "-" : "",
    dollars: String(Math.floor(magnitude / 100)),
    rest: String(magnitude % 100).padStart(2, "0"),
  }
}

/**
 * Whether an amount in dollars is whole cents, allowing the float noise of arithmetic (0.1 + 0.2). Money on
 * the wire is refused when finer than a cent, because the service would round it somewhere we cannot see
 * and the lines would stop adding up to the cart total.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100
  return Math.abs(cents - Math.round(cents)) < 1e-6
}
