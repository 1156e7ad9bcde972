import { WarningThrottle } from "../warning-throttle"

describe("WarningThrottle", () => {
  it("warns at most once per interval, then says how many it held back", () => {
    let now = 0
    const warn = jest.fn()
    const throttle = new WarningThrottle(warn, 60_000, () => now)

    throttle.report("down")
    now = 10_000
    throttle.report("down")
    now = 59_999
    throttle.report("still down")
    expect(warn.mock.calls).toEqual([["down"]])

    now = 60_000
    throttle.report("timeout")
    expect(warn.mock.calls[1]).toEqual(["timeout (2 more since the last warning, 60 s ago)"])

    now = 200_000
    throttle.report("back to one")
    expect(warn.mock.calls[2]).toEqual(["back to one"])
  })
})
