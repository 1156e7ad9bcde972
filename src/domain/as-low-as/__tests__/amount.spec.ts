import { centsToDecimalText } from "../../../lib/financing/money"
import { AMOUNT_RULES, centsRoundedUp, parseDollars } from "../amount"

describe("parseDollars", () => {
  it.each([
    ["1299.99", 129_999],
    ["1299.9", 129_990],
    ["1299", 129_900],
    ["0.01", 1],
    ["0012.50", 1_250],
    ["999999999.99", 99_999_999_999],
    // 0.1 + 0.2 style drift cannot happen: the digits are read, not a float.
    ["0.29", 29],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents })
  })

  it.each(["", " 12", "12 ", "1,299.99", "12.345", "1e3", "-5", "+5", ".5", "5.", "12.5.1", "abc", "0x10"])(
    "refuses %p as not a decimal of dollars",
    (text) => {
      expect(parseDollars(text)).toEqual({ ok: false, problem: "format" })
    }
  )

  it.each(["0", "0.00", "000.0"])("refuses %p as not above 0", (text) => {
    expect(parseDollars(text)).toEqual({ ok: false, problem: "not_positive" })
  })

  it("refuses amounts past nine digits of dollars", () => {
    expect(parseDollars("1000000000")).toEqual({ ok: false, problem: "too_large" })
    expect(parseDollars("0001000000000.00")).toEqual({ ok: false, problem: "too_large" })
    expect(parseDollars("000999999999.99")).toEqual({ ok: true, cents: 99_999_999_999 })
  })

  it("names the field in every rule, since Medusa prints the message alone", () => {
    for (const rule of Object.values(AMOUNT_RULES)) expect(rule).toMatch(/^amount /)
  })
})

describe("centsToDecimalText", () => {
  it.each([
    [129_999, "1299.99"],
    [1, "0.01"],
    [10, "0.10"],
    [100, "1.00"],
    [99_999_999_999, "999999999.99"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text)
  })
})

describe("centsRoundedUp", () => {
  it.each([
    [173.34, 17_334],
    [166.4, 16_640],
    [0.29, 29],
    [12, 1_200],
    [0, 0],
  ])("reads %p as %i cents exactly", (value, cents) => {
    expect(centsRoundedUp(value)).toBe(cents)
  })

  it("rounds a figure finer than a cent up, so an advertised payment is never below the real one", () => {
    expect(centsRoundedUp(173.331)).toBe(17_334)
    expect(centsRoundedUp(173.3300001)).toBe(17_334)
    expect(centsRoundedUp(0.001)).toBe(1)
  })

  it.each([NaN, Infinity, -1, 1e21, 1e-7])("refuses %p", (value) => {
    expect(centsRoundedUp(value)).toBeNull()
  })
})
