import type { FinancingPartner, LowestPaymentOption } from "../lib/financing/schemas"
import { centsFromDecimal, fromCents } from "../lib/financing/money"
import { partnersFor } from "./seed"

const TERM_MONTHS = 12
/** A lease costs more than cash: the total of payments over the term, as a multiple of the amount. */
const BEST_COST_FACTOR = 1.6
const WORST_COST_FACTOR = 2.1

/**
 * A plausible lowest-payment offer: monthly payments over the term that cover the amount with a lease
 * cost, and early buyouts that save more the sooner they come.
 */
export function lowestPaymentOption(
  storeCode: string,
  amount: number,
  partners: readonly FinancingPartner[] = partnersFor(storeCode)
): LowestPaymentOption {
  const partner = partners[0]
  const cents = centsFromDecimal(amount)
  const monthly = (factor: number) => fromCents(Math.ceil((cents * factor) / TERM_MONTHS))
  const fullCost = cents * WORST_COST_FACTOR
  return {
    financingPartnerCode: partner.code,
    financingPartnerName: partner.name,
    financingPartnerDisplayName: partner.displayName,
    profileId: 1,
    profileName: "Standard 12-month lease",
    minCreditScore: 720,
    minMonthlyPayment: monthly(BEST_COST_FACTOR),
    maxCreditScore: 550,
    maxMonthlyPayment: monthly(WORST_COST_FACTOR),
    financePeriod: TERM_MONTHS,
    disclaimer:
      "Sandbox offer, not a real quote. Lease-to-own is not a loan; the total cost of ownership is higher " +
      "than the cash price. Early buyout options reduce it.",
    earlyBuyoutOptions: [3, 6, 9].map((month) => {
      const payment = Math.ceil(cents * (1 + 0.1 * (month / 3)))
      return {
        month,
        earlyBuyoutPayment: fromCents(payment),
        savingsPercentage: Math.round((1 - payment / fullCost) * 1000) / 10,
      }
    }),
  }
}
