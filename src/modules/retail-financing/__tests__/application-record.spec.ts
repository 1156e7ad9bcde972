import {
  contractFieldsOf,
  payoutChangeOf,
  readSincePendingReturn,
  statusHistoryOf,
} from "../application-record"

const history = (...entries: [string, string][]) => ({
  status_history: entries.map(([status, at]) => ({ status, at })),
})

describe("readSincePendingReturn", () => {
  const application = history(
    ["Signed", "2026-01-01T10:00:00Z"],
    ["PendingReturn", "2026-01-01T11:00:00Z"],
    ["Funded", "2026-01-01T12:00:00Z"],
    ["PendingReturn", "2026-01-01T13:00:00Z"]
  )

  it("trusts a read started after the latest PendingReturn was recorded", () => {
    expect(readSincePendingReturn(application, new Date("2026-01-01T13:00:01Z"))).toBe(true)
  })

  it("distrusts a read started before it, even one after an earlier PendingReturn", () => {
    expect(readSincePendingReturn(application, new Date("2026-01-01T12:30:00Z"))).toBe(false)
    expect(readSincePendingReturn(application, new Date("2026-01-01T13:00:00Z"))).toBe(false)
  })

  it("distrusts a read of unknown age", () => {
    expect(readSincePendingReturn(application, undefined)).toBe(false)
  })

  it("trusts any dated read when PendingReturn was never recorded", () => {
    expect(readSincePendingReturn(history(["Signed", "2026-01-01T10:00:00Z"]), new Date(0))).toBe(true)
  })
})

describe("statusHistoryOf", () => {
  it("reads the JSON column, and nothing from a column that is not a list", () => {
    expect(statusHistoryOf(history(["Pending", "2026-01-01T10:00:00Z"]))).toEqual([
      { status: "Pending", at: "2026-01-01T10:00:00Z" },
    ])
    expect(statusHistoryOf({ status_history: {} })).toEqual([])
  })
})

describe("contractFieldsOf", () => {
  it("keeps the figures a read carries and leaves out absent ones", () => {
    expect(
      contractFieldsOf({ invoiceAmount: 899.99, approvalAmount: null as never, financingPartnerCode: "P1" })
    ).toEqual({ invoice_amount: 899.99, signed_invoice_amount: 899.99, partner_code: "P1" })
    expect(contractFieldsOf(undefined)).toEqual({})
  })

  it("keeps the invoice amount first reported as the one signed, never changed by a later read", () => {
    expect(contractFieldsOf({ invoiceAmount: 849.99 }, { signed_invoice_amount: 899.99 })).toEqual({
      invoice_amount: 849.99,
    })
    expect(contractFieldsOf({ invoiceAmount: 899.99 }, { signed_invoice_amount: null })).toEqual({
      invoice_amount: 899.99,
      signed_invoice_amount: 899.99,
    })
  })

  describe("the lender's payment", () => {
    const read = {
      transferId: "T-1",
      wireReferenceId: "W-1",
      date: "2026-11-20",
      amount: 1219.56,
      status: "pending" as const,
    }
    const first = new Date("2026-11-20T10:00:00Z")
    const later = new Date("2026-11-21T10:00:00Z")

    it("keeps a first payment with its day, status and when it was first seen", () => {
      expect(
        contractFieldsOf({ paymentInfo: read }, { funding: null, funding_seen_at: null }, first)
      ).toEqual({
        funding: {
          transfer_id: "T-1",
          wire_reference_id: "W-1",
          date: "2026-11-20",
          amount: 1219.56,
          status: "pending",
        },
        funding_date: "2026-11-20",
        funding_status: "pending",
        funding_seen_at: first,
        funding_changed_at: first,
      })
    })

    it("changes nothing on a repeated read, nor on the list read's date-time of the same day", () => {
      const recorded = { funding: contractFieldsOf({ paymentInfo: read }).funding, funding_seen_at: first }
      expect(contractFieldsOf({ paymentInfo: read }, recorded, later)).toEqual({})
      expect(
        contractFieldsOf({ paymentInfo: { ...read, date: "2026-11-20T15:04:05Z" } }, recorded, later)
      ).toEqual({})
    })

    it("records a change of status as last changed, keeping when it was first seen", () => {
      const recorded = { funding: contractFieldsOf({ paymentInfo: read }).funding, funding_seen_at: first }
      const fields = contractFieldsOf({ paymentInfo: { ...read, status: "processed" } }, recorded, later)
      expect(fields).toEqual(
        expect.objectContaining({ funding_status: "processed", funding_changed_at: later })
      )
      expect(fields).not.toHaveProperty("funding_seen_at")
    })
  })
})

describe("payoutChangeOf", () => {
  const payment = {
    transfer_id: "T-1",
    wire_reference_id: "W-1",
    date: "2026-11-20",
    amount: 1219.56,
    status: "pending",
  }

  it("tells nothing when the write brings no payment (a repeated read writes no funding)", () => {
    expect(payoutChangeOf(payment, undefined)).toBeNull()
  })

  it("tells the contract's first payment, from no status", () => {
    expect(payoutChangeOf(null, payment)).toEqual({
      transfer_id: "T-1",
      amount: 1219.56,
      status: "pending",
      from_status: null,
    })
  })

  it("tells a new status of the same payment, with the status before", () => {
    expect(payoutChangeOf(payment, { ...payment, status: "processed" })).toEqual(
      expect.objectContaining({ status: "processed", from_status: "pending" })
    )
  })

  it("tells another transfer as a new payment", () => {
    expect(payoutChangeOf(payment, { ...payment, transfer_id: "T-2" })).toEqual(
      expect.objectContaining({ transfer_id: "T-2", from_status: null })
    )
  })

  it("does not tell another wire reference or date of the same payment in the same status", () => {
    expect(payoutChangeOf(payment, { ...payment, wire_reference_id: "W-2", date: "2026-11-21" })).toBeNull()
  })
})
