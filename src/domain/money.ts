import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

/** bignumber.js's ROUND_HALF_UP: .5 goes away from zero, as a person rounding money would. */
const ROUND_HALF_UP = 4

/**
 * Medusa keeps amounts as arbitrary-precision decimals (8% tax on 13.33 has fractional cents); the
 * financing service takes cents. Every conversion goes through whole cents, rounded once, here.
 */
export function toCents(amount: BigNumberInput | null | undefined): number {
  if (amount === null || amount === undefined) return 0
  // `+ 0` turns a -0 from rounding a tiny negative into 0.
  return MathBN.convert(amount).times(100).decimalPlaces(0, ROUND_HALF_UP).toNumber() + 0
}

export const fromCents = (cents: number): number => cents / 100

/** "$1,234.56" / "-$90.00" from whole cents, by integer arithmetic so no cent is lost to a float. */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  const magnitude = Math.abs(cents)
  const dollars = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  const rest = String(magnitude % 100).padStart(2, "0")
  return `${cents < 0 ? "-" : ""}$${dollars}.${rest}`
}
