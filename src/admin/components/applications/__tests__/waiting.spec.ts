import { waitedFor } from "../waiting"

describe("waitedFor", () => {
  const now = Date.parse("2026-11-28T12:00:00Z")
  it.each([
    ["2026-11-28T11:59:30Z", "less than a minute"],
    ["2026-11-28T11:48:00Z", "12 min"],
    ["2026-11-28T09:00:00Z", "3 h"],
    ["2026-11-26T11:00:00Z", "2 days"],
  ])("since %s: %s", (since, words) => {
    expect(waitedFor(since, now)).toBe(words)
  })

  it("says nothing without a date", () => {
    expect(waitedFor(null, now)).toBeNull()
  })
})
