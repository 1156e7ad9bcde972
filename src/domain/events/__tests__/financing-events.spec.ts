import { exceptionEvents, payoutRecordedEvents, statusChangedEvents } from "../financing-events"

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

describe("payoutRecordedEvents", () => {
  it("gives none when the write recorded no news of the payment", () => {
    expect(payoutRecordedEvents(application, null)).toEqual([])
  })

  it("gives the application's ids and the payment's amount, status and transfer, nothing else", () => {
    expect(
      payoutRecordedEvents(
        { ...application, order_id: "order_1" },
        { transfer_id: "T-1", amount: 1219.56, status: "processed" }
      )
    ).toEqual([
      {
        application_id: "rfapp_1",
        order_id: "order_1",
        amount: 1219.56,
        status: "processed",
        transfer_id: "T-1",
      },
    ])
  })
})
