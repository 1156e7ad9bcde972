import type { LowestPaymentOption } from "../../../lib/financing/schemas"
import { lowestPaymentOption } from "../../../sandbox/calculator"
import { UnusableOfferError, offerFrom } from "../offer"

const sandboxOffer = lowestPaymentOption("TEST-STORE", 1299.99)

const option = (changes: Partial<LowestPaymentOption>): LowestPaymentOption => ({
  ...sandboxOffer,
  ...changes,
})

describe("offerFrom", () => {
  it("takes the lowest monthly payment, the term and the partner, money as 2-decimal text", () => {
    expect(offerFrom(129_999, sandboxOffer)).toEqual({
      amount: "1299.99",
      monthly_payment: sandboxOffer.minMonthlyPayment.toFixed(2),
      months: sandboxOffer.financePeriod,
      partner_code: "SANDLEASE",
      partner_display_name: "Sandbox Lease",
      disclaimer: sandboxOffer.disclaimer,
      early_buyout_options: sandboxOffer.earlyBuyoutOptions.map((buyout) => ({
        month: buyout.month,
        payment: buyout.earlyBuyoutPayment.toFixed(2),
        savings_percentage: buyout.savingsPercentage,
      })),
    })
    // The sandbox's 1.6 cost factor over 12 months: ceil(129999 × 1.6 / 12) cents.
    expect(offerFrom(129_999, sandboxOffer).monthly_payment).toBe("173.34")
  })

  it("writes whole-dollar and one-decimal figures with two decimals", () => {
    expect(offerFrom(10_000, option({ minMonthlyPayment: 50, earlyBuyoutOptions: [] })).monthly_payment).toBe(
      "50.00"
    )
    expect(offerFrom(10_000, option({ minMonthlyPayment: 166.4 })).monthly_payment).toBe("166.40")
  })

  it("rounds a payment finer than a cent up", () => {
    expect(offerFrom(10_000, option({ minMonthlyPayment: 12.341 })).monthly_payment).toBe("12.35")
  })

  it("reads a missing or blank disclaimer as none", () => {
    expect(offerFrom(10_000, option({ disclaimer: null })).disclaimer).toBeNull()
    expect(offerFrom(10_000, option({ disclaimer: "  " })).disclaimer).toBeNull()
  })

  it("leaves out an early buyout it cannot state in cents", () => {
    const offer = offerFrom(
      10_000,
      option({
        earlyBuyoutOptions: [
          { month: 3, earlyBuyoutPayment: 110, savingsPercentage: 40 },
          { month: 6, earlyBuyoutPayment: -1, savingsPercentage: 30 },
          { month: 9, earlyBuyoutPayment: 1e21, savingsPercentage: 20 },
        ],
      })
    )
    expect(offer.early_buyout_options).toEqual([{ month: 3, payment: "110.00", savings_percentage: 40 }])
  })

  it.each([
    ["a zero payment", { minMonthlyPayment: 0 }],
    ["a negative payment", { minMonthlyPayment: -5 }],
    ["no term", { financePeriod: 0 }],
    ["no partner name", { financingPartnerDisplayName: " " }],
  ])("refuses %s rather than show it", (_what, changes) => {
    expect(() => offerFrom(10_000, option(changes))).toThrow(UnusableOfferError)
  })
})
