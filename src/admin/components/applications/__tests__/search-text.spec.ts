import { searchIntent } from "../search-text"

describe("searchIntent", () => {
  it.each([
    ["512-555-0100", "512-555-0100"],
    ["(512) 555-0100", "512-555-0100"],
    ["512.555.0100", "512-555-0100"],
    ["+1 512 555 0100", "512-555-0100"],
    ["15125550100", "512-555-0100"],
    [" 5125550100 ", "512-555-0100"],
  ])("takes %s for the phone %s", (input, phone) => {
    expect(searchIntent(input)).toEqual({ kind: "phone", phone })
  })

  it.each([
    ["1042", "1042"],
    ["#1042", "#1042"],
    ["0b7c9c0e-1111-4222-8333-000000000001", "0b7c9c0e-1111-4222-8333-000000000001"],
    ["order_01JABC", "order_01JABC"],
    // Nine or twelve digits are no US phone number: searched in the list as they are.
    ["512555010", "512555010"],
    ["512-555-01000", "512-555-01000"],
  ])("searches the list for %s", (input, q) => {
    expect(searchIntent(input)).toEqual({ kind: "text", q })
  })

  it("searches nothing for blank input", () => {
    expect(searchIntent("   ")).toEqual({ kind: "none" })
  })
})
