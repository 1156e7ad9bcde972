import { exceptionEvents, statusChangedEvents } from "../financing-events"

const application = {
  id: "rfapp_1",
  public_id: "pub-1",
  cart_id: "cart_1",
  order_id: null,
  store_code: "STORE",
}

describe("statusChangedEvents", () => {
  it("gives none when the write did not move the status (a replayed callback)", () => {
    expect(statusChangedEvents(application, null)).toEqual([])
  })

  it("gives one event with the row's ids and the move", () => {
    expect(statusChangedEvents(application, { from: "Pending", to: "Approved" })).toEqual([
      { ...application, from: "Pending", to: "Approved" },
    ])
  })

  it("says from null when the write recorded the application, and a missing store code as null", () => {
    const { store_code: _omitted, ...withoutStore } = application
    expect(statusChangedEvents(withoutStore, { from: null, to: "Pending" })).toEqual([
      { ...application, store_code: null, from: null, to: "Pending" },
    ])
  })
})

describe("exceptionEvents", () => {
  it("gives none when the write changed nothing (the exception was already open)", () => {
    expect(exceptionEvents(application, "session_deleted", false)).toEqual([])
  })

  it("gives the ids and the reason only", () => {
    expect(exceptionEvents(application, "session_deleted", true)).toEqual([
      { id: "rfapp_1", reason: "session_deleted", cart_id: "cart_1", order_id: null },
    ])
  })
})
