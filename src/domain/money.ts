import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

import { centsFromDecimal } from "../lib/financing/money"

// The one home of server-side money is lib/financing/money.ts (framework-free, so the contract and the
// client use it too); this file adds only what needs Medusa, and re-exports the rest for the glue above.
export {
  centsFromDecimal,
  centsToDecimalText,
  formatUsd,
  fromCents,
  hasAtMostTwoDecimals,
} from "../lib/financing/money"

/**
 * Medusa keeps amounts as arbitrary-precision decimals (8% tax on 13.33 has fractional cents); the
 * financing service takes cents. Every conversion goes through whole cents, rounded once, half up.
 */
export function toCents(amount: BigNumberInput | null | undefined): number {
  if (amount === null || amount === undefined) return 0
  // toFixed() with no argument writes every digit the BigNumber holds, never in exponent form.
  return centsFromDecimal(MathBN.convert(amount).toFixed())
}
