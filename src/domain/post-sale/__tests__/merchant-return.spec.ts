import { planMerchantReturn } from "../merchant-return"

const facts = { financedCents: 100_000, requestedCents: 30_000 }

describe("planMerchantReturn", () => {
  it("makes a Return ask for everything not yet returned", () => {
    expect(planMerchantReturn({ ...facts, returnType: "return" })).toEqual({
      ok: true,
      returnType: 2,
      amountCents: 70_000,
    })
  })

  it("refuses a Return once the whole financed amount was asked back", () => {
    expect(planMerchantReturn({ ...facts, requestedCents: 100_000, returnType: "return" })).toEqual({
      ok: false,
      refusal: "not_allowed",
      message: "The whole financed amount has already been returned.",
    })
  })

  it("takes a Partial's amount in exact cents", () => {
    expect(planMerchantReturn({ ...facts, returnType: "partial", amount: 123.45 })).toEqual({
      ok: true,
      returnType: 4,
      amountCents: 12_345,
    })
  })

  it("accepts a Partial of exactly what is left", () => {
    expect(planMerchantReturn({ ...facts, returnType: "partial", amount: 700 })).toEqual({
      ok: true,
      returnType: 4,
      amountCents: 70_000,
    })
  })

  it("refuses a Partial of a cent more than what is left, naming the bound", () => {
    expect(planMerchantReturn({ ...facts, returnType: "partial", amount: 700.01 })).toEqual({
      ok: false,
      refusal: "invalid",
      message: "amount must be greater than 0 and at most $700.00, the financed amount not yet returned",
    })
  })

  it.each([0, -5, 0.001])("refuses a Partial of %s", (amount) => {
    expect(planMerchantReturn({ ...facts, returnType: "partial", amount })).toMatchObject({
      ok: false,
      refusal: "invalid",
    })
  })

  it("names a zero bound when more than the contract was asked back", () => {
    const plan = planMerchantReturn({ ...facts, requestedCents: 120_000, returnType: "partial", amount: 1 })
    expect(plan).toMatchObject({ ok: false, message: expect.stringContaining("at most $0.00,") })
  })

  it("makes a Redraft move no money, whatever is left", () => {
    expect(planMerchantReturn({ ...facts, requestedCents: 100_000, returnType: "redraft" })).toEqual({
      ok: true,
      returnType: 1,
      amountCents: 0,
    })
  })
})
