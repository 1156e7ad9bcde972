import { recentStatus, rememberStatus } from "../recent-status"

describe("recent status reads", () => {
  it("serves a read for 30 seconds, then forgets it", () => {
    const at = 1_000_000
    rememberStatus("app-1", { status: "Signed", invoiceAmount: 120.5 }, at)

    expect(recentStatus("app-1", at + 29_999)).toEqual({ status: "Signed", invoiceAmount: 120.5 })
    expect(recentStatus("app-1", at + 30_001)).toBeUndefined()
    // Once expired it is gone, even for an earlier clock.
    expect(recentStatus("app-1", at)).toBeUndefined()
  })

  it("knows nothing of an application it never read", () => {
    expect(recentStatus("never-read")).toBeUndefined()
  })

  it("keeps a later read over an earlier one", () => {
    rememberStatus("app-2", { status: "Approved", invoiceAmount: null }, 10)
    rememberStatus("app-2", { status: "Funded", invoiceAmount: 99 }, 20)
    expect(recentStatus("app-2", 25)?.status).toBe("Funded")
  })
})
