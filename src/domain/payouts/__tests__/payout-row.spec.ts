import { ISSUE_CONTRACT } from "../../post-sale/__tests__/fixtures/issue-contract"
import { type PayoutFacts, payoutMoney, payoutReasonText } from "../payout-row"

const funded = (facts: Partial<PayoutFacts> = {}): PayoutFacts => ({
  ...ISSUE_CONTRACT,
  paymentStatus: "processed",
  ...facts,
})

describe("payoutMoney", () => {
  it("explains a funded contract's shortfall by the in-store payment", () => {
    expect(payoutMoney(funded())).toEqual({
      paidCents: 121_956,
      differenceCents: 10_000,
      differences: [{ reason: "in_store_payment", cents: 10_000 }],
    })
  })

  it("adds a partial return the lender did not pay for", () => {
    const money = payoutMoney(
      funded({ invoiceCents: 126_956, lenderPaidCents: 116_956, capturedCents: 126_956 })
    )
    expect(money).toEqual({
      paidCents: 116_956,
      differenceCents: 15_000,
      differences: [
        { reason: "partial_return", cents: 5_000 },
        { reason: "in_store_payment", cents: 10_000 },
      ],
    })
  })

  it("counts a payment not processed yet as nothing paid: the rest is not yet funded", () => {
    const money = payoutMoney(funded({ status: "Signed", paymentStatus: "pending", capturedCents: 0 }))
    expect(money).toEqual({
      paidCents: 0,
      differenceCents: 131_956,
      differences: [
        { reason: "in_store_payment", cents: 10_000 },
        { reason: "not_funded", cents: 121_956 },
      ],
    })
  })

  it("explains a contract returned whole as a return of all it was signed for", () => {
    const money = payoutMoney(
      funded({ status: "Returned", paymentStatus: "returned", invoiceCents: 0, refundedCents: 131_956 })
    )
    expect(money).toEqual({
      paidCents: 0,
      differenceCents: 131_956,
      differences: [{ reason: "return", cents: 131_956 }],
    })
  })

  it("says when the order changed after signing, and when the lender paid another amount", () => {
    const money = payoutMoney(funded({ orderTotalCents: 130_000, lenderPaidCents: 121_000 }))
    expect(money.differenceCents).toBe(9_000)
    expect(money.differences).toEqual([
      { reason: "order_changed", cents: -1_956 },
      { reason: "in_store_payment", cents: 10_000 },
      { reason: "lender_paid_other", cents: 956 },
    ])
  })

  it("is exact in cents where floats are not (0.1 + 0.2)", () => {
    const money = payoutMoney(
      funded({
        orderTotalCents: 30,
        signedInvoiceCents: 30,
        invoiceCents: 30,
        inStoreCents: 10,
        lenderPaidCents: 20,
      })
    )
    expect(money).toEqual({
      paidCents: 20,
      differenceCents: 10,
      differences: [{ reason: "in_store_payment", cents: 10 }],
    })
  })
})

describe("payoutReasonText", () => {
  it("names each reason with its amount", () => {
    expect(
      payoutReasonText([
        { reason: "partial_return", cents: 5_000 },
        { reason: "in_store_payment", cents: 10_000 },
      ])
    ).toBe("a partial return $50.00; in-store payment $100.00")
    expect(payoutReasonText([])).toBe("")
  })
})
