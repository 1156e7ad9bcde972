import { StoreGetAsLowAs } from "../validators"

describe("StoreGetAsLowAs", () => {
  it("reads the amount into whole cents", () => {
    expect(StoreGetAsLowAs.parse({ amount: "1299.99" })).toEqual({ amountCents: 129_999 })
    expect(StoreGetAsLowAs.parse({ amount: "100" })).toEqual({ amountCents: 10_000 })
  })

  it.each([
    ["12.345", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
    ["1,299.99", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
    ["-1", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
    ["0.00", "amount must be greater than 0"],
    ["1000000000", "amount must be at most 999999999.99"],
  ])("refuses %p, naming the field and the rule", (amount, message) => {
    const result = StoreGetAsLowAs.safeParse({ amount })

    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["amount"], message })])
  })

  it("requires the amount and refuses other parameters", () => {
    expect(StoreGetAsLowAs.safeParse({}).error?.issues[0]?.path).toEqual(["amount"])
    expect(StoreGetAsLowAs.safeParse({ amount: "10", currency: "usd" }).error?.issues[0]?.code).toBe(
      "unrecognized_keys"
    )
  })
})
