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
