import {
  actionKindLabel,
  actionOutcome,
  actionStateColor,
  applicationStatusColor,
  applicationStatusLabel,
  actionStateLabel,
  actionStateMeaning,
  applicationStatusMeaning,
  formatDate,
  formatDateTime,
  formatMoney,
  invoiceTriggerLabel,
  newestFirst,
  orDash,
  parseDollarInput,
  paymentStatusLabel,
  toCents,
} from "../format"
import { APPLICATION_STATUSES } from "../../../lib/financing/schemas/statuses"
import { ACTION_STATES } from "../../../domain/post-sale/action-kinds"

describe("toCents", () => {
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
    expect(toCents(dollars)).toBe(cents)
  })

  it("refuses what is not an amount", () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

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

describe("application statuses", () => {
  it("turns service codes into words that say who acts next", () => {
    expect(applicationStatusLabel("SignedWaitingForInvoice")).toBe("Signed, invoice needed")
    expect(applicationStatusLabel("SignedWaitingForInvoiceApproval")).toBe("Signed, invoice in review")
    expect(applicationStatusLabel("Signed")).toBe("Signed, awaiting funding")
    expect(applicationStatusLabel("PendingReturn")).toBe("Return in progress")
    expect(applicationStatusLabel("SomethingNew")).toBe("SomethingNew")
  })

  it.each(APPLICATION_STATUSES)("labels and explains %s in words, never its code", (status) => {
    const label = applicationStatusLabel(status)
    const meaning = applicationStatusMeaning(status)
    // A code such as PendingReturn or Pre-qualified's hyphenless spelling would show as one camel-cased word.
    expect(label).not.toMatch(/[a-z][A-Z]/)
    expect(meaning).toMatch(/^[A-Z].*\.$/)
    expect(meaning).not.toMatch(/[a-z][A-Z]/)
  })

  it("explains a status it has no words for by its stage, and nothing when the stage is unknown too", () => {
    expect(applicationStatusMeaning("OnHold", "waiting")).toBe("The lender is reviewing the application.")
    expect(applicationStatusMeaning("OnHold")).toBeNull()
  })

  it.each([
    ["Signed", "green"],
    ["SignedWaitingForInvoiceApproval", "green"],
    ["Funded", "green"],
    ["Pending", "orange"],
    ["PendingApproval", "orange"],
    ["PendingReturn", "orange"],
    ["Declined", "red"],
    ["Error", "red"],
    ["Returned", "grey"],
    ["Expired", "grey"],
    ["SomethingNew", "grey"],
  ])("%p is %p", (status, color) => {
    expect(applicationStatusColor(status)).toBe(color)
  })
})

describe("a status with no hand-written label", () => {
  it("is spelled out as words when the API gave its stage", () => {
    expect(applicationStatusLabel("SignedWaitingForDelivery", "signed")).toBe("Signed waiting for delivery")
    expect(applicationStatusLabel("OnHold", "waiting")).toBe("On hold")
  })

  it("keeps a hand-written label over the stage", () => {
    expect(applicationStatusLabel("PendingReturn", "returning")).toBe("Return in progress")
    expect(applicationStatusColor("Expired", "expired")).toBe("grey")
  })

  it.each([
    ["open", "orange"],
    ["waiting", "orange"],
    ["signed", "green"],
    ["funded", "green"],
    ["returning", "orange"],
    ["refused", "red"],
    ["error", "red"],
    ["returned", "grey"],
    ["expired", "grey"],
    [null, "grey"],
    ["unheard-of", "grey"],
  ])("is coloured by its stage %p: %p", (stage, color) => {
    expect(applicationStatusColor("SomethingNew", stage)).toBe(color)
  })
})

describe("post-sale actions", () => {
  it("names each kind in plain English", () => {
    expect(actionKindLabel("order_references")).toBe("Order number")
    expect(actionKindLabel("invoice")).toBe("Invoice")
    expect(actionKindLabel("delivery")).toBe("Delivery information")
    expect(actionKindLabel("return")).toBe("Return request")
  })

  it("spells out a kind that has no hand-written name from its code", () => {
    expect(actionKindLabel("store_credit_notice")).toBe("Store credit notice")
  })

  it.each(ACTION_STATES)("labels and explains the state %s in words", (state) => {
    expect(actionStateLabel(state)).not.toMatch(/_|^[a-z]/)
    expect(actionStateMeaning(state)).toMatch(/^[A-Z].*\.$/)
  })

  it("says Sent for a sent action and Not confirmed for a lost answer", () => {
    expect(actionStateLabel("succeeded")).toBe("Sent")
    expect(actionStateLabel("unknown")).toBe("Not confirmed")
    expect(actionStateLabel("some_new_state")).toBe("Some new state")
  })

  it("colours failures red and successes green", () => {
    expect(actionStateColor("failed")).toBe("red")
    expect(actionStateColor("succeeded")).toBe("green")
    expect(actionStateColor("waiting")).toBe("orange")
  })

  it("reports a refused action as an error with the service's words", () => {
    expect(
      actionOutcome({
        kind: "delivery",
        state: "failed",
        last_error: "The application doesn't have a contract",
      })
    ).toEqual({
      tone: "error",
      text: "Delivery information not sent: The application doesn't have a contract",
    })
  })

  it("reports sent and queued actions as successes, without the service's raw answer", () => {
    expect(actionOutcome({ kind: "invoice", state: "succeeded", last_error: null })).toEqual({
      tone: "success",
      text: "Invoice sent to the lender.",
    })
    expect(actionOutcome({ kind: "return", state: "pending", last_error: null }).tone).toBe("success")
  })

  it("reports a lost answer as a problem being checked", () => {
    expect(
      actionOutcome({ kind: "return", state: "unknown", last_error: "outcome unknown: timeout" })
    ).toEqual({
      tone: "error",
      text: "Return request: the lender's answer was lost. The plugin checks whether it arrived before sending it again.",
    })
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
