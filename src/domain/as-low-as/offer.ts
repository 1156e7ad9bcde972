import type { LowestPaymentOption } from "../../lib/financing/schemas"
import { centsToDecimalText } from "../../lib/financing/money"
import { centsRoundedUp } from "./amount"

/** What the store API answers for one amount: the service's lowest payment option (spec 2.5), for shoppers. */
export interface AsLowAsOffer {
  /** The amount asked about, dollars with 2 decimals. */
  amount: string
  /** The lowest monthly payment the service quotes (its best-credit figure), dollars with 2 decimals. */
  monthly_payment: string
  months: number
  partner_code: string
  partner_display_name: string
  disclaimer: string | null
  early_buyout_options: AsLowAsEarlyBuyout[]
}

export interface AsLowAsEarlyBuyout {
  month: number
  payment: string
  savings_percentage: number
}

/** The service answered with something no shopper should be shown ("$0.00/mo for 0 months"). */
export class UnusableOfferError extends Error {
  constructor(reason: string) {
    super(`the lowest payment option is unusable: ${reason}`)
    this.name = "UnusableOfferError"
  }
}

export function offerFrom(amountCents: number, option: LowestPaymentOption): AsLowAsOffer {
  const monthly = centsRoundedUp(option.minMonthlyPayment)
  if (monthly === null || monthly <= 0) throw new UnusableOfferError("minMonthlyPayment is not above 0")
  if (!Number.isInteger(option.financePeriod) || option.financePeriod < 1) {
    throw new UnusableOfferError("financePeriod is not a whole number of months")
  }
  const partner = option.financingPartnerDisplayName.trim()
  if (!partner) throw new UnusableOfferError("financingPartnerDisplayName is empty")

  return {
    amount: centsToDecimalText(amountCents),
    monthly_payment: centsToDecimalText(monthly),
    months: option.financePeriod,
    partner_code: option.financingPartnerCode,
    partner_display_name: partner,
    disclaimer: option.disclaimer?.trim() || null,
    // A buyout the service cannot state in plain cents is left out rather than guessed.
    early_buyout_options: option.earlyBuyoutOptions.flatMap((buyout) => {
      const payment = centsRoundedUp(buyout.earlyBuyoutPayment)
      if (payment === null || payment <= 0 || !Number.isFinite(buyout.savingsPercentage)) return []
      return [
        {
          month: buyout.month,
          payment: centsToDecimalText(payment),
          savings_percentage: buyout.savingsPercentage,
        },
      ]
    }),
  }
}
