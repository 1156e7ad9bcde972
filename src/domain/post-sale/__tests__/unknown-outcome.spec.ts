import { type EffectWitness, effectOfUnknownAttempt, leftOutcomeUnknown } from "../unknown-outcome"

const read = (status: string, invoiceCents: number | null = 29612): EffectWitness => ({
  status,
  invoice_cents: invoiceCents,
  read_at: "2026-01-01T00:00:00.000Z",
})
const partial = { request: { returnType: 4, amount: 7 }, amount_cents: 700 }
const whole = { request: { returnType: 2 }, amount_cents: 29612 }

describe("effectOfUnknownAttempt", () => {
  it("sees a return that is pending or done", () => {
    for (const status of ["PendingReturn", "Returned"]) {
      expect(
        effectOfUnknownAttempt({
          kind: "return",
          payload: whole,
          before: read("Funded"),
          now: read(status),
          recordedSince: [],
        })
      ).toBe("applied")
    }
  })

  it("sees a Partial the service already settled by the contract's amount moving by exactly its amount", () => {
    const before = read("Funded", 29612)
    expect(
      effectOfUnknownAttempt({
        kind: "return",
        payload: partial,
        before,
        now: read("Funded", 28912),
        recordedSince: [],
      })
    ).toBe("applied")
    expect(
      effectOfUnknownAttempt({
        kind: "return",
        payload: partial,
        before,
        now: read("Funded", 29612),
        recordedSince: [],
      })
    ).toBe("absent")
    // Moved by another amount: not this return.
    expect(
      effectOfUnknownAttempt({
        kind: "return",
        payload: partial,
        before,
        now: read("Funded", 28000),
        recordedSince: [],
      })
    ).toBe("absent")
  })

  it("sees a return through a PendingReturn the ledger recorded since the attempt began", () => {
    expect(
      effectOfUnknownAttempt({
        kind: "return",
        payload: { request: { returnType: 1 }, amount_cents: 0 },
        before: read("Signed"),
        now: read("Signed"),
        recordedSince: ["PendingReturn", "Signed"],
      })
    ).toBe("applied")
  })

  it("calls a return absent when nothing moved, so it is sent again", () => {
    expect(
      effectOfUnknownAttempt({
        kind: "return",
        payload: whole,
        before: read("Funded"),
        now: read("Funded"),
        recordedSince: [],
      })
    ).toBe("absent")
  })

  it("sees an invoice by the contract leaving SignedWaitingForInvoice", () => {
    const before = read("SignedWaitingForInvoice")
    for (const status of ["SignedWaitingForInvoiceApproval", "Signed", "Funded"]) {
      expect(
        effectOfUnknownAttempt({ kind: "invoice", payload: {}, before, now: read(status), recordedSince: [] })
      ).toBe("applied")
    }
    expect(
      effectOfUnknownAttempt({
        kind: "invoice",
        payload: {},
        before,
        now: read("SignedWaitingForInvoice"),
        recordedSince: [],
      })
    ).toBe("absent")
    expect(
      effectOfUnknownAttempt({
        kind: "invoice",
        payload: {},
        before: read("Signed"),
        now: read("Signed"),
        recordedSince: [],
      })
    ).toBe("unseeable")
  })

  it("cannot see delivery information or order references", () => {
    for (const kind of ["delivery", "order_references"] as const) {
      expect(
        effectOfUnknownAttempt({ kind, payload: {}, before: null, now: read("Signed"), recordedSince: [] })
      ).toBe("unseeable")
    }
  })
})

describe("leftOutcomeUnknown", () => {
  it("is true for an unknown outcome and for an attempt whose sender never recorded one", () => {
    const attempt = { number: 1, started_at: "", sender: null, before: null }
    expect(leftOutcomeUnknown({ ...attempt, outcome: "unknown" })).toBe(true)
    expect(leftOutcomeUnknown(attempt)).toBe(true)
    expect(leftOutcomeUnknown({ ...attempt, outcome: "accepted" })).toBe(false)
    expect(leftOutcomeUnknown({ ...attempt, outcome: "not_sent" })).toBe(false)
    expect(leftOutcomeUnknown(undefined)).toBe(false)
  })
})
