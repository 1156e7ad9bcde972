import {
  formatDate,
  formatDateTime,
  formatMoney,
  invoiceTriggerLabel,
  newestFirst,
  orDash,
  parseDollarInput,
} from "../format"
import { paymentStatusLabel } from "../status-words"

describe("formatMoney", () => {
  it.each([
    [1234.56, "$1,234.56"],
    [0, "$0.00"],
    [0.1 + 0.2, "$0.30"],
    [5, "$5.00"],
    [999.999, "$1,000.00"],
    [1234567.8, "$1,234,567.80"],
    [-42.5, "-$42.50"],
  ])("%p is %p", (dollars, text) => {
    expect(formatMoney(dollars)).toBe(text)
  })

  it("shows a dash for an amount the service has not given", () => {
    expect(formatMoney(null)).toBe("—")
    expect(formatMoney(undefined)).toBe("—")
    expect(formatMoney(Number.NaN)).toBe("—")
  })
})

describe("parseDollarInput", () => {
  it.each([
    ["120.50", 120.5],
    [" 120.5 ", 120.5],
    ["$1,234.56", 1234.56],
    ["7", 7],
    [".25", 0.25],
  ])("reads %p as %p", (input, dollars) => {
    expect(parseDollarInput(input)).toBe(dollars)
  })

  it.each(["", "0", "0.00", "-5", "1.234", "12.", "abc", "1e3", "12,34.5.6"])("refuses %p", (input) => {
    expect(parseDollarInput(input)).toBeNull()
  })
})

describe("formatDateTime and formatDate", () => {
  it("formats an ISO time in the given zone", () => {
    // ICU versions differ on the space before "PM" (U+0020 or U+202F).
    const text = formatDateTime("2025-03-04T19:05:00.000Z", "America/New_York").replace(/\s/g, " ")
    expect(text).toBe("Mar 4, 2025, 2:05 PM")
  })

  it("keeps a bare service date on its own day whatever the zone", () => {
    expect(formatDate("2025-03-04", "America/Los_Angeles")).toBe("Mar 4, 2025")
    expect(formatDate("2025-03-04", "Pacific/Kiritimati")).toBe("Mar 4, 2025")
  })

  it("shows the day the service wrote for a payment date given with a time, not the day in the browser's zone", () => {
    // The list endpoint dates the same payment the by-id endpoint dates 2025-03-04 with a UTC time.
    expect(formatDate("2025-03-04T02:00:00.000Z", "America/Chicago")).toBe("Mar 4, 2025")
    expect(formatDate("2025-03-04T23:30:00Z", "Pacific/Kiritimati")).toBe("Mar 4, 2025")
  })

  it("shows a dash for no date and the raw text for one it cannot read", () => {
    expect(formatDateTime(null)).toBe("—")
    expect(formatDate(undefined)).toBe("—")
    expect(formatDateTime("soon")).toBe("soon")
  })
})

describe("newestFirst", () => {
  it("puts the latest first, later-written entries first on a tie, unreadable times last", () => {
    const items = [
      { id: "a", at: "2025-01-01T00:00:00Z" },
      { id: "b", at: "2025-01-03T00:00:00Z" },
      { id: "bad", at: "not a date" },
      { id: "c", at: "2025-01-02T00:00:00Z" },
      { id: "c2", at: "2025-01-02T00:00:00Z" },
    ]
    expect(newestFirst(items, (item) => item.at).map((item) => item.id)).toEqual(["b", "c2", "c", "a", "bad"])
  })

  it("does not change the list it was given", () => {
    const items = [{ at: "2025-01-01T00:00:00Z" }, { at: "2025-01-02T00:00:00Z" }]
    newestFirst(items, (item) => item.at)
    expect(items[0].at).toBe("2025-01-01T00:00:00Z")
  })
})

describe("small labels", () => {
  it("capitalises payment statuses", () => {
    expect(paymentStatusLabel("manually processed")).toBe("Manually processed")
    expect(paymentStatusLabel(null)).toBe("—")
  })

  it("says when the invoice goes", () => {
    expect(invoiceTriggerLabel("fulfillment")).toBe("When the order is fulfilled")
    expect(invoiceTriggerLabel("order_placed")).toBe("When the order is placed")
  })

  it("dashes empty values", () => {
    expect(orDash("")).toBe("—")
    expect(orDash(null)).toBe("—")
    expect(orDash("x")).toBe("x")
  })
})
