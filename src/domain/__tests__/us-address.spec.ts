import { US_STATES } from "../../lib/financing/schemas"
import { usStateCode, usZipCode } from "../us-address"

describe("usStateCode", () => {
  it.each([
    ["TX", "TX"],
    ["tx", "TX"],
    [" tx ", "TX"],
    ["US-TX", "TX"],
    ["us-tx", "TX"],
    ["Texas", "TX"],
    ["texas", "TX"],
    [" TEXAS ", "TX"],
    ["new  york", "NY"],
    ["District of Columbia", "DC"],
    ["dc", "DC"],
  ])("reads %p as %p", (province, code) => {
    expect(usStateCode(province)).toBe(code)
  })

  it("reads every state's code, in either case and as an ISO subdivision", () => {
    for (const code of US_STATES) {
      expect([usStateCode(code), usStateCode(code.toLowerCase()), usStateCode(`US-${code}`)]).toEqual([
        code,
        code,
        code,
      ])
    }
  })

  it.each([
    null,
    undefined,
    "",
    "  ",
    "XX",
    "PR",
    "us-pr",
    "Puerto Rico",
    "GU",
    "T X",
    "TXX",
    "Tex.",
    "US",
    "US-",
    "CA-ON",
  ])("reads %p as no US state", (province) => {
    expect(usStateCode(province)).toBeUndefined()
  })
})

describe("usZipCode", () => {
  it.each([
    ["78701", "78701"],
    [" 02134 ", "02134"],
    ["00501", "00501"],
    ["78701-1234", "78701"],
    ["787011234", "78701"],
  ])("reads %p as %p", (postalCode, zip) => {
    expect(usZipCode(postalCode)).toBe(zip)
  })

  it.each([
    null,
    undefined,
    "",
    "2134",
    "7870",
    "787012",
    "78701-",
    "78701-12",
    "78701 1234",
    "78701-12345",
    "7870A",
    "SW1A 1AA",
  ])("reads %p as no ZIP", (postalCode) => {
    expect(usZipCode(postalCode)).toBeUndefined()
  })
})
