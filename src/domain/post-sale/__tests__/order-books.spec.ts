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

  it("shows a return pending at the service as the reason the books differ", () => {
    const facts = signedFor({ status: "PendingReturn", refundedCents: 5_000 })
    expect(orderBooks(facts).books_agree).toBe(false)
    expect(reasons(facts)).toContainEqual(["return_pending", -50])
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
})
