import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../lib/financing/schemas"
import { SIGNED_STATUSES, TRANSITIONS, canTransition, pathTo } from "../state-machine"

describe("the sandbox's transition table", () => {
  it("has a row for each of the spec's 14 statuses and names only real statuses", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...APPLICATION_STATUSES].sort())
    for (const targets of Object.values(TRANSITIONS)) {
      for (const target of targets) expect(APPLICATION_STATUSES).toContain(target)
    }
  })

  it.each(["Declined", "Ineligible", "Expired", "Error", "Returned"] as ApplicationStatusValue[])(
    "ends at %s",
    (status) => {
      expect(TRANSITIONS[status]).toEqual([])
    }
  )

  it("never lets an unsigned application reach Funded without a signed status on the way", () => {
    expect(canTransition("Approved", "Funded")).toBe(false)
    expect(pathTo("Pending", "Funded")).toEqual(["Approved", "Signed", "Funded"])
  })
})

describe("pathTo", () => {
  it("walks the shortest allowed way", () => {
    expect(pathTo("Pending", "Signed")).toEqual(["Approved", "Signed"])
    expect(pathTo("Pending", "SignedWaitingForInvoice")).toEqual(["Approved", "SignedWaitingForInvoice"])
    expect(pathTo("Signed", "Returned")).toEqual(["PendingReturn", "Returned"])
    expect(pathTo("Signed", "Signed")).toEqual([])
  })

  it.each([
    ["Declined", "Signed"],
    ["Expired", "Approved"],
    ["Returned", "Funded"],
    ["Signed", "Pending"],
  ] as [ApplicationStatusValue, ApplicationStatusValue][])("cannot reach %s → %s", (from, to) => {
    expect(pathTo(from, to)).toBeUndefined()
  })

  it("does not fake a return to move a funded application back to Signed", () => {
    expect(canTransition("PendingReturn", "Signed")).toBe(true)
    expect(pathTo("Funded", "Signed")).toBeUndefined()
  })

  it("reaches every signed status from Pending", () => {
    for (const status of SIGNED_STATUSES) expect(pathTo("Pending", status)).toBeDefined()
  })
})
