import { planReturn } from "../return-plan"

const facts = (overrides: Partial<Parameters<typeof planReturn>[1]> = {}) => ({
  financedCents: 100_000,
  requestedCents: 0,
  refundedCents: 0,
  orderReductionCents: 0,
  ...overrides,
})

describe("planReturn", () => {
  it("returns the whole contract on a cancel", () => {
    expect(planReturn("cancel", facts())).toEqual({ returnType: 2, amountCents: 100_000 })
  })

  it("returns only what is left on a cancel after a partial return", () => {
    expect(planReturn("cancel", facts({ requestedCents: 30_000 }))).toEqual({
      returnType: 2,
      amountCents: 70_000,
    })
  })

  it("asks for nothing on a cancel once everything was asked for", () => {
    expect(planReturn("cancel", facts({ requestedCents: 100_000 }))).toBeNull()
  })

  it("makes a partial refund a Partial with its amount", () => {
    expect(planReturn("refund", facts({ refundedCents: 12_345 }))).toEqual({
      returnType: 4,
      amountCents: 12_345,
    })
  })

  it("makes a full refund a Return", () => {
    expect(planReturn("refund", facts({ refundedCents: 100_000 }))).toEqual({
      returnType: 2,
      amountCents: 100_000,
    })
  })

  it("does not ask twice for a refund that pays for a received return already asked for", () => {
    const received = planReturn("return_received", facts({ orderReductionCents: 20_000 }))
    expect(received).toEqual({ returnType: 4, amountCents: 20_000 })
    expect(
      planReturn(
        "refund",
        facts({ requestedCents: 20_000, refundedCents: 20_000, orderReductionCents: 20_000 })
      )
    ).toBeNull()
  })

  it("does not ask twice for a received return whose refund was asked for first", () => {
    expect(
      planReturn(
        "return_received",
        facts({ requestedCents: 20_000, refundedCents: 20_000, orderReductionCents: 20_000 })
      )
    ).toBeNull()
  })

  it("asks only for the part of a refund that no received return covers", () => {
    expect(
      planReturn(
        "refund",
        facts({ requestedCents: 20_000, refundedCents: 25_000, orderReductionCents: 20_000 })
      )
    ).toEqual({ returnType: 4, amountCents: 5_000 })
  })

  it("never asks for more than the contract financed", () => {
    expect(planReturn("refund", facts({ refundedCents: 150_000 }))).toEqual({
      returnType: 2,
      amountCents: 100_000,
    })
  })

  // The sequence of issue 23: contract $1,319.56; a $50 refund; then items worth $1,316.52 received back,
  // so Medusa's order charges $3.04. Medusa's refund button then offers $1,266.52 (what it holds, $1,269.56,
  // less $3.04); refunding that figure must send nothing more.
  it("asks for a received return by what the order no longer charges, so Medusa's suggested refund sends nothing more", () => {
    const signed = 131_956
    const afterRefund = planReturn("refund", facts({ financedCents: signed, refundedCents: 5_000 }))
    expect(afterRefund).toEqual({ returnType: 4, amountCents: 5_000 })

    const reduction = signed - 304
    const afterReturn = planReturn(
      "return_received",
      facts({
        financedCents: signed,
        requestedCents: 5_000,
        refundedCents: 5_000,
        orderReductionCents: reduction,
      })
    )
    expect(afterReturn).toEqual({ returnType: 4, amountCents: 126_652 })

    const medusaSuggests = signed - 5_000 - 304
    expect(medusaSuggests).toBe(126_652)
    expect(
      planReturn(
        "refund",
        facts({
          financedCents: signed,
          requestedCents: 5_000 + 126_652,
          refundedCents: 5_000 + medusaSuggests,
          orderReductionCents: reduction,
        })
      )
    ).toBeNull()
  })
})
