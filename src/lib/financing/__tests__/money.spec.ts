import { centsFromDecimal, centsToDecimalText, formatUsd, fromCents, hasAtMostTwoDecimals } from "../money"

describe("centsFromDecimal", () => {
  it.each<[number | string, number]>([
    ["13.33", 1333],
    [13.33, 1333],
    ["13.335", 1334],
    ["13.3349", 1333],
    ["-13.335", -1334],
    ["0.005", 1],
    ["-0.005", -1],
    ["0.0049999", 0],
    ["1081.406675", 108_141],
    [" 12 ", 1200],
    ["000999999999.99", 99_999_999_999],
    [".5", 50],
    ["7.", 700],
    ["+2.5", 250],
    // Option values (minAmount, maxAmount) held by the options schema to whole cents.
    [99.9, 9_990],
    [5000, 500_000],
    [0.29, 29],
  ])("rounds %p half up to %i cents", (amount, cents) => {
    expect(centsFromDecimal(amount)).toBe(cents)
  })

  it("reads a number by its shortest decimal spelling, not its binary neighbour", () => {
    // 1.005 * 100 is 100.49999999999999 in binary; a person, and the service, mean 100.5.
    expect(centsFromDecimal(1.005)).toBe(101)
    expect(centsFromDecimal(2.675)).toBe(268)
    expect(centsFromDecimal(0.1 + 0.2)).toBe(30)
  })

  it("reads exponent notation, as String() writes very small and very large numbers", () => {
    expect(centsFromDecimal(1e-7)).toBe(0)
    expect(centsFromDecimal("1.5e-2")).toBe(2)
    expect(centsFromDecimal("1e3")).toBe(100_000)
    expect(centsFromDecimal(1.2345e5)).toBe(12_345_000)
  })

  it("never returns -0", () => {
    expect(Object.is(centsFromDecimal("-0.004"), 0)).toBe(true)
    expect(Object.is(centsFromDecimal(-0), 0)).toBe(true)
  })

  it('rounds any fraction of a cent away from zero when asked "up"', () => {
    expect(centsFromDecimal(173.331, "up")).toBe(17_334)
    expect(centsFromDecimal(173.3300001, "up")).toBe(17_334)
    expect(centsFromDecimal(173.33, "up")).toBe(17_333)
    expect(centsFromDecimal("0.001", "up")).toBe(1)
    expect(centsFromDecimal("-0.001", "up")).toBe(-1)
    expect(centsFromDecimal("1e-9", "up")).toBe(1)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY, "", ".", "-", "12,50", "1.2.3", "$5", "e5"])(
    "refuses %p",
    (amount) => {
      expect(() => centsFromDecimal(amount)).toThrow(RangeError)
    }
  )
})

describe("fromCents", () => {
  it("gives dollars", () => {
    expect(fromCents(1333)).toBe(13.33)
    expect(fromCents(-1)).toBe(-0.01)
  })
})

describe("centsFromDecimal, as the admin reads the API's dollars", () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1, 10],
    [0.29, 29],
    [1234.56, 123456],
    [1.005, 101],
    [2.675, 268],
    [19.999, 2000],
    [-12.34, -1234],
    [-0, 0],
  ])("%p dollars is %p cents", (dollars, cents) => {
    expect(centsFromDecimal(dollars)).toBe(cents)
  })

  it("refuses what is not an amount", () => {
    expect(() => centsFromDecimal(Number.NaN)).toThrow(RangeError)
    expect(() => centsFromDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe("centsToDecimalText", () => {
  it.each([
    [129_999, "1299.99"],
    [5, "0.05"],
    [0, "0.00"],
    [-5, "-0.05"],
    [-129_999, "-1299.99"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text)
  })

  it("refuses what is not whole cents", () => {
    expect(() => centsToDecimalText(1.5)).toThrow(RangeError)
  })
})

describe("formatUsd and centsToDecimalText agree", () => {
  it.each([0, 1, 99, 100, 123_456, 100_000_000, -9000])("on %i cents", (cents) => {
    expect(formatUsd(cents).replace("$", "").replace(/,/g, "")).toBe(centsToDecimalText(cents))
  })
})

describe("hasAtMostTwoDecimals", () => {
  it.each([0, 19.99, -0.29, 0.1 + 0.2, 1e9 + 0.01])("holds for %p", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(true)
  })

  it.each([0.001, 19.999, 2.675, -0.005])("fails for %p", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false)
  })
})
