import {
  type QueuedAction,
  financedCents,
  hasOpenReturn,
  initialReturnState,
  requestedReturnCents,
  settleReturns,
} from "../return-queue"

let sequence = 0
const action = (overrides: Partial<QueuedAction> = {}): QueuedAction => ({
  id: `rfact_${++sequence}`,
  kind: "return",
  state: "succeeded",
  completed_at: null,
  settled_at: null,
  payload: { amount_cents: 0 },
  ...overrides,
})
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute))

describe("hasOpenReturn", () => {
  it.each(["pending", "sending", "waiting"] as const)("counts a %s return as open", (state) => {
    expect(hasOpenReturn([action({ state })])).toBe(true)
  })

  it("counts a sent return as open until it is settled", () => {
    expect(hasOpenReturn([action({ state: "succeeded" })])).toBe(true)
    expect(hasOpenReturn([action({ state: "succeeded", settled_at: at(1) })])).toBe(false)
  })

  it("does not count a refused return", () => {
    expect(hasOpenReturn([action({ state: "failed" })])).toBe(false)
  })

  it("looks at returns only", () => {
    expect(hasOpenReturn([action({ kind: "invoice", state: "pending" })])).toBe(false)
    expect(hasOpenReturn([])).toBe(false)
  })

  it("makes a new return wait behind an open one and go at once otherwise", () => {
    expect(initialReturnState([action({ state: "succeeded" })])).toBe("waiting")
    expect(initialReturnState([action({ state: "succeeded", settled_at: at(1) })])).toBe("pending")
  })
})

describe("settleReturns", () => {
  it("settles the oldest unsettled return when the application leaves PendingReturn", () => {
    const oldest = action({ completed_at: at(1) })
    const newer = action({ completed_at: at(2) })
    expect(settleReturns([oldest, newer])).toEqual({ settle: [oldest.id], release: null })
  })

  it("skips returns already settled", () => {
    const settled = action({ completed_at: at(1), settled_at: at(2) })
    const open = action({ completed_at: at(3) })
    expect(settleReturns([settled, open]).settle).toEqual([open.id])
  })

  it("releases the oldest waiting return once nothing else is open", () => {
    const sent = action({ completed_at: at(1) })
    const first = action({ state: "waiting" })
    const second = action({ state: "waiting" })
    expect(settleReturns([sent, first, second])).toEqual({ settle: [sent.id], release: first.id })
  })

  it("releases nothing while another sent return is still unsettled", () => {
    const sent = action({ completed_at: at(1) })
    const alsoSent = action({ completed_at: at(2) })
    const waiting = action({ state: "waiting" })
    expect(settleReturns([sent, alsoSent, waiting]).release).toBeNull()
  })

  it.each(["pending", "sending"] as const)("releases nothing while a %s return is on its way", (state) => {
    const sent = action({ completed_at: at(1) })
    expect(settleReturns([sent, action({ state }), action({ state: "waiting" })]).release).toBeNull()
  })

  it("settles every return sent before a read that shows none pending", () => {
    const first = action({ completed_at: at(1) })
    const second = action({ completed_at: at(2) })
    const afterRead = action({ completed_at: at(4) })
    expect(settleReturns([first, second, afterRead], at(3))).toEqual({
      settle: [first.id, second.id],
      release: null,
    })
  })

  it("settles nothing sent after, or at the very moment of, the read", () => {
    expect(settleReturns([action({ completed_at: at(3) })], at(3)).settle).toEqual([])
    expect(settleReturns([action({ completed_at: null })], at(3)).settle).toEqual([])
  })

  it("releases the waiting return after a read settles everything sent before it", () => {
    const sent = action({ completed_at: at(1) })
    const waiting = action({ state: "waiting" })
    expect(settleReturns([sent, waiting], at(2))).toEqual({ settle: [sent.id], release: waiting.id })
  })

  it("releases a waiting return even when there was nothing to settle", () => {
    const waiting = action({ state: "waiting" })
    expect(settleReturns([action({ state: "failed" }), waiting])).toEqual({ settle: [], release: waiting.id })
  })

  it("ignores actions of other kinds", () => {
    const invoice = action({ kind: "invoice", completed_at: at(1) })
    const waitingInvoice = action({ kind: "invoice", state: "waiting" })
    expect(settleReturns([invoice, waitingInvoice])).toEqual({ settle: [], release: null })
  })
})

describe("requestedReturnCents", () => {
  it("sums the returns not refused, whatever their state", () => {
    const actions = [
      action({ state: "succeeded", payload: { amount_cents: 1_000 } }),
      action({ state: "waiting", payload: { amount_cents: 250 } }),
      action({ state: "pending", payload: { amount_cents: 5 } }),
      action({ state: "failed", payload: { amount_cents: 70_000 } }),
      action({ kind: "invoice", state: "succeeded", payload: { amount_cents: 9_999 } }),
      action({ state: "succeeded", payload: {} }),
    ]
    expect(requestedReturnCents(actions)).toBe(1_255)
  })
})

describe("financedCents", () => {
  it("is the invoice amount once the service reports one, else the cart total", () => {
    expect(financedCents({ amount: 1000, invoice_amount: 899.99 })).toBe(89_999)
    expect(financedCents({ amount: 1000.1, invoice_amount: null })).toBe(100_010)
  })
})
