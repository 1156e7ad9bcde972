import { ISSUE_CONTRACT } from "./fixtures/issue-contract"
import { type OrderBooksFacts, orderBooks } from "../order-books"

const signedFor = (overrides: Partial<OrderBooksFacts>): OrderBooksFacts => ({
  status: "Funded",
  orderTotalCents: 29_612,
  capturedCents: 29_612,
  refundedCents: 0,
  signedInvoiceCents: 29_612,
  invoiceCents: 29_612,
  inStoreCents: 2_961,
  lenderPaidCents: 26_651,
  ...overrides,
})

const reasons = (facts: OrderBooksFacts) => orderBooks(facts).differences.map((d) => [d.reason, d.amount])

describe("orderBooks", () => {
  it("agrees for a funded contract captured whole, the in-store payment explaining the lender's", () => {
    const books = orderBooks(signedFor({}))
    expect(books.books_agree).toBe(true)
    expect(reasons(signedFor({}))).toEqual([["in_store_payment", 29.61]])
    expect(books.lender_paid).toBe(266.51)
  })

  it("agrees when a return before funding reduced the contract and the capture with it", () => {
    const facts = signedFor({ capturedCents: 24_612, invoiceCents: 24_612, lenderPaidCents: 21_651 })
    expect(orderBooks(facts).books_agree).toBe(true)
    expect(reasons(facts)).toEqual([
      ["returns", 50],
      ["in_store_payment", 29.61],
    ])
  })

  it("agrees after a refund in Medusa the service has settled", () => {
    const facts = signedFor({ refundedCents: 5_000, invoiceCents: 24_612 })
    expect(orderBooks(facts).books_agree).toBe(true)
  })

  it("names a return asked of the lender and not settled as in flight, not as something to do", () => {
    const facts = signedFor({ status: "PendingReturn", refundedCents: 5_000, returnsRequestedCents: 5_000 })
    const books = orderBooks(facts)
    expect(books.books_agree).toBe(true)
    expect(books.in_flight.map((d) => [d.reason, d.amount])).toEqual([["return_pending", 50]])
    expect(books.to_do.filter((item) => item.kind === "refund_in_medusa")).toEqual([])
  })

  it("shows a return sent after funding and not refunded in Medusa", () => {
    const facts = signedFor({ invoiceCents: 24_612 })
    expect(orderBooks(facts).books_agree).toBe(false)
    expect(reasons(facts)).toContainEqual(["not_refunded_in_medusa", 50])
  })

  it("has nothing to compare before funding, and says so", () => {
    const facts = signedFor({ status: "Signed", capturedCents: 0, lenderPaidCents: null })
    expect(orderBooks(facts).books_agree).toBeNull()
    expect(reasons(facts)).toContainEqual(["not_funded", 296.12])
  })

  it("agrees for a contract returned whole with nothing captured (a cancel)", () => {
    const facts = signedFor({ status: "Returned", capturedCents: 0, lenderPaidCents: null })
    expect(orderBooks(facts).books_agree).toBe(true)
    expect(orderBooks(facts).contract_now).toBe(0)
    expect(reasons(facts)).toEqual([])
  })

  it("names an edited order total against the contract as signed", () => {
    const facts = signedFor({ status: "Signed", orderTotalCents: 34_612, capturedCents: 0 })
    expect(reasons(facts)).toContainEqual(["order_changed", 50])
  })

  it("names a refund the plugin has not recorded a return for yet as in flight (the second after a refund)", () => {
    const facts = signedFor({ refundedCents: 5_000, returnsRequestedCents: 0 })
    const books = orderBooks(facts)
    expect(books.differences.map((d) => d.reason)).not.toContain("refunded_beyond_contract")
    expect(books.in_flight.map((d) => [d.reason, d.amount])).toEqual([["return_pending", 50]])
  })

  it("asks the merchant when Medusa holds less than the contract and no return covers it", () => {
    const facts = signedFor({ capturedCents: 25_000, returnsRequestedCents: 0 })
    expect(reasons(facts)).toContainEqual(["refunded_beyond_contract", 46.12])
  })
})

const issueContract = (overrides: Partial<OrderBooksFacts>): OrderBooksFacts => ({
  ...ISSUE_CONTRACT,
  lenderPaymentStatus: "processed",
  returnsRequestedCents: 0,
  ...overrides,
})

describe("the money account", () => {
  it("keeps the in-store payment due from the customer until the merchant marks it received", () => {
    const due = orderBooks(issueContract({}))
    expect(due.owed).toEqual({ shopper_to_store: 100, lender_to_store: 0, store_to_lender: 0 })
    expect(due.to_do).toEqual([expect.objectContaining({ kind: "collect_in_store_payment", amount: 100 })])
    expect(due.books_agree).toBe(true)

    const received = orderBooks(issueContract({ inStoreReceived: true }))
    expect(received.owed.shopper_to_store).toBe(0)
    expect(received.to_do).toEqual([])
  })

  it("says the lender owes its share until it pays, the in-store payment apart", () => {
    const books = orderBooks(
      issueContract({ status: "Signed", capturedCents: 0, lenderPaidCents: null, lenderPaymentStatus: null })
    )
    expect(books.owed).toEqual({ shopper_to_store: 100, lender_to_store: 1_219.56, store_to_lender: 0 })
    expect(books.payout.parts).toEqual([
      { reason: "in_store_payment", cents: 10_000 },
      { reason: "not_funded", cents: 121_956 },
    ])
  })

  it("counts a payment the service reports pending as not paid yet", () => {
    const books = orderBooks(issueContract({ lenderPaymentStatus: "pending" }))
    expect(books.owed.lender_to_store).toBe(1_219.56)
    expect(books.payout.paid_cents).toBe(0)
  })

  // The issue's sequence after funding: a $50 refund (Medusa owed nothing, so it lowers the order's total by a
  // $50 credit line), then items worth $1,266.52 received back (the order then charges $3.04), then the
  // refund Medusa itself suggests, $1,266.52.
  describe("refund, then a received return, then Medusa's suggested refund", () => {
    const afterRefund = issueContract({
      orderTotalCents: 126_956,
      creditLinesCents: 5_000,
      refundedCents: 5_000,
      returnsRequestedCents: 5_000,
      invoiceCents: 126_956,
    })
    const returnReceived = issueContract({
      orderTotalCents: 304,
      returnedInMedusaCents: 126_652,
      creditLinesCents: 5_000,
      refundedCents: 5_000,
      returnsRequestedCents: 131_652,
      status: "PendingReturn",
      invoiceCents: 126_956,
    })
    const settled = { ...returnReceived, status: "Funded", invoiceCents: 304 }
    const refunded = { ...settled, refundedCents: 131_652 }

    it("after the refund: the books agree, nothing is an order change, the lender takes $50 back", () => {
      const books = orderBooks(afterRefund)
      expect(books.books_agree).toBe(true)
      expect(books.differences.map((d) => d.reason)).not.toContain("order_changed")
      expect(books.owed.store_to_lender).toBe(50)
    })

    it("after the return is received: no order change, the return in flight, Medusa's own figure to refund", () => {
      const books = orderBooks(returnReceived)
      expect(books.differences.map((d) => d.reason)).not.toContain("order_changed")
      expect(books.in_flight.map((d) => [d.reason, d.amount])).toEqual([["return_pending", 1_266.52]])
      const refund = books.to_do.find((item) => item.kind === "refund_in_medusa")
      // Medusa's refund button: what it holds ($1,269.56) less the order total now ($3.04).
      expect(refund?.amount).toBe(1_266.52)
      expect(refund?.text).toMatch(/Medusa's own refund suggests/)
    })

    it("once the return settled and Medusa's figure is refunded: agree, and the lender takes back what it paid beyond $0", () => {
      const books = orderBooks(refunded)
      expect(books.books_agree).toBe(true)
      expect(books.to_do.map((item) => item.kind)).toEqual(["collect_in_store_payment"])
      // The $3.04 kept is all in-store payment; the lender's share is nothing.
      expect(books.lender_share).toBe(0)
      expect(books.owed).toEqual({ shopper_to_store: 3.04, lender_to_store: 0, store_to_lender: 1_219.56 })
      expect(books.payout.parts).toEqual([
        { reason: "in_store_payment", cents: 304 },
        { reason: "lender_takes_back", cents: -121_956 },
      ])
    })
  })

  it("its payout parts always add up to the order total less what the lender paid", () => {
    const cases: Partial<OrderBooksFacts>[] = [
      {},
      { orderTotalCents: 130_000 },
      { invoiceCents: 120_000, returnsRequestedCents: 11_956 },
      {
        orderTotalCents: 304,
        returnedInMedusaCents: 126_652,
        creditLinesCents: 5_000,
        invoiceCents: 126_956,
      },
      { orderTotalCents: 126_956, creditLinesCents: 5_000, invoiceCents: 131_956 },
      { status: "Returned", invoiceCents: 0, lenderPaymentStatus: "returned" },
      { lenderPaidCents: 100_000 },
    ]
    for (const overrides of cases) {
      const { payout } = orderBooks(issueContract(overrides))
      const sum = payout.parts.reduce((total, part) => total + part.cents, 0)
      expect(sum).toBe(payout.difference_cents)
    }
  })
})
