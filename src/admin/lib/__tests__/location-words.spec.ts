import { amountLimitsWords, salesChannelsWords, signInWords } from "../location-words"

describe("salesChannelsWords", () => {
  const names = new Map([
    ["sc_west", "West showroom"],
    ["sc_outlet", "Outlet"],
  ])

  it("says the top-level store code takes every channel no other location lists", () => {
    expect(salesChannelsWords({ sales_channel_ids: [] }, names)).toBe("Every other sales channel")
  })

  it("names a location's channels, and shows one whose name is unknown by its id", () => {
    expect(salesChannelsWords({ sales_channel_ids: ["sc_west", "sc_outlet"] }, names)).toBe(
      "West showroom, Outlet"
    )
    expect(salesChannelsWords({ sales_channel_ids: ["sc_west", "sc_gone"] }, names)).toBe(
      "West showroom, sc_gone"
    )
    expect(salesChannelsWords({ sales_channel_ids: ["sc_west"] }, new Map())).toBe("sc_west")
  })
})

describe("amountLimitsWords", () => {
  it.each([
    [100, 1000, "$100.00 to $1,000.00"],
    [100, null, "From $100.00"],
    [null, 5000, "Up to $5,000.00"],
    [null, null, "Any total (no minAmount or maxAmount set)"],
  ])("min %p and max %p read %p", (min, max, words) => {
    expect(amountLimitsWords({ min_amount: min, max_amount: max })).toBe(words)
  })
})

describe("signInWords", () => {
  it("says whose credentials a location signs in with, never the credentials", () => {
    expect(signInWords({ own_credentials: true })).toBe("Its own username and password")
    expect(signInWords({ own_credentials: false })).toBe("The top-level username and password")
  })
})
