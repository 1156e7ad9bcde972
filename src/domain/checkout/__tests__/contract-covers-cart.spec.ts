import { contractCoversCart } from "../contract-covers-cart"

describe("contractCoversCart", () => {
  it("holds when the contract is for the cart total, to the cent", () => {
    expect(contractCoversCart(1300.04, 130_004)).toBe(true)
  })

  it("holds when the contract is for more than the cart", () => {
    expect(contractCoversCart(1300.05, 130_004)).toBe(true)
  })

  it("fails when the contract is a cent short", () => {
    expect(contractCoversCart(1300.03, 130_004)).toBe(false)
  })

  it("fails for a contract of nothing against a cart of something", () => {
    expect(contractCoversCart(0, 1)).toBe(false)
  })

  it("holds when the service reports no invoice amount: there is nothing to compare", () => {
    expect(contractCoversCart(null, 130_004)).toBe(true)
  })

  it("compares whole cents, so float noise in the amount read does not refuse a contract", () => {
    expect(contractCoversCart(0.1 + 0.2, 30)).toBe(true)
    expect(contractCoversCart(1081.4099999999999, 108_141)).toBe(true)
  })
})
