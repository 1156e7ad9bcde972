import { acceptsStatus, settlesReturn } from "../ledger-status"

describe("acceptsStatus", () => {
  it.each([
    ["Pending", "Approved"],
    ["Approved", "SignedWaitingForInvoice"],
    ["SignedWaitingForInvoice", "Signed"],
    ["Signed", "Funded"],
    ["Funded", "PendingReturn"],
    ["PendingReturn", "Returned"],
    // A Partial or a Redraft settles back to the contract's signed status.
    ["PendingReturn", "Funded"],
    ["PendingReturn", "Signed"],
    ["Approved", "Declined"],
    ["Pending", "Expired"],
  ] as const)("records %s -> %s", (recorded, observed) => {
    expect(acceptsStatus(recorded, observed)).toBe(true)
  })

  it.each([
    ["Funded", "Signed"],
    ["Signed", "Approved"],
    ["Funded", "Declined"],
    ["Signed", "Expired"],
    ["Returned", "PendingReturn"],
    ["Returned", "Funded"],
    ["Signed", "Signed"],
  ] as const)("ignores a stale %s -> %s", (recorded, observed) => {
    expect(acceptsStatus(recorded, observed)).toBe(false)
  })
})

describe("settlesReturn", () => {
  it("is true only when the application leaves PendingReturn", () => {
    expect(settlesReturn("PendingReturn", "Returned")).toBe(true)
    expect(settlesReturn("PendingReturn", "Signed")).toBe(true)
    expect(settlesReturn("PendingReturn", "PendingReturn")).toBe(false)
    expect(settlesReturn("Signed", "PendingReturn")).toBe(false)
    expect(settlesReturn("Signed", "Funded")).toBe(false)
  })
})
