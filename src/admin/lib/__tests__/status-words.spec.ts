import {
  applicationStatusColor,
  applicationStatusLabel,
  applicationStatusMeaning,
  lenderAnswersSoon,
} from "../status-words"
import { APPLICATION_STATUSES } from "../../../lib/financing/schemas/statuses"

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

describe("whether the lender's answer is expected while the page is open", () => {
  it("is so exactly while the lender decides, checks the invoice or settles a return", () => {
    expect(APPLICATION_STATUSES.filter((status) => lenderAnswersSoon(status))).toEqual([
      "PendingApproval",
      "SignedWaitingForInvoiceApproval",
      "PendingReturn",
    ])
  })

  it("is not so for a status the contract does not know", () => {
    expect(lenderAnswersSoon("OnHold")).toBe(false)
    expect(lenderAnswersSoon("constructor")).toBe(false)
  })
})
