import { fundedCaptureCents } from "../funded-capture"

describe("fundedCaptureCents", () => {
  it("captures the contract as the store's returns left it", () => {
    expect(fundedCaptureCents(29_612, 246.12)).toBe(24_612)
  })

  it("never captures more than Medusa authorized", () => {
    expect(fundedCaptureCents(29_612, 300)).toBe(29_612)
  })

  it("captures the authorization when the service reports no invoice amount", () => {
    expect(fundedCaptureCents(29_612, null)).toBe(29_612)
    expect(fundedCaptureCents(29_612, undefined)).toBe(29_612)
  })

  it("takes Medusa's decimal strings in whole cents", () => {
    expect(fundedCaptureCents(29_612, "246.12")).toBe(24_612)
  })
})
