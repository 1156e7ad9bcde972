import { inStorePaymentRefusal } from "../in-store-payment"

const owed = { status: "Funded", inStoreCents: 10_000, orderCanceled: false }

describe("inStorePaymentRefusal", () => {
  it.each(["SignedWaitingForInvoice", "Signed", "Funded", "PendingReturn"])(
    "lets the merchant mark it received on a standing contract (%s)",
    (status) => {
      expect(inStorePaymentRefusal({ ...owed, status })).toBeNull()
    }
  )

  it.each([null, 0])("refuses a contract whose in-store payment is %p", (inStoreCents) => {
    expect(inStorePaymentRefusal({ ...owed, inStoreCents })).toBe(
      "This financing contract has no in-store payment: the lender pays all of it, so there is nothing to mark received."
    )
  })

  it("refuses a contract returned whole", () => {
    expect(inStorePaymentRefusal({ ...owed, status: "Returned" })).toBe(
      "This financing contract was returned whole: the customer owes no in-store payment on it."
    )
  })

  it("refuses a canceled order", () => {
    expect(inStorePaymentRefusal({ ...owed, orderCanceled: true })).toBe(
      "This order was canceled: the customer owes no in-store payment on it."
    )
  })

  it.each(["Pending", "Approved", "Declined", "Expired", "Error", "NoSuchStatus"])(
    "refuses an application that is not a signed contract (%s)",
    (status) => {
      expect(inStorePaymentRefusal({ ...owed, status })).toMatch(/is not a signed contract/)
    }
  )
})
