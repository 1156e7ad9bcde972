import {
  DELIVERY_STATUS_TEXTS,
  DeliveryInformation,
  OrderReferences,
  ReturnRequest,
  deliveryOutcome,
} from "../schemas"
import { chars, emailOfLength, expectAccepted, expectRefused } from "./expect-issues"

describe("ReturnRequest (spec 2.6)", () => {
  const accepts = (input: unknown) => expectAccepted(ReturnRequest, input)
  const refuses = (input: unknown, path: string, fragment: string) =>
    expectRefused(ReturnRequest, input, path, fragment)

  it("accepts an empty request: every field is optional", () => {
    expect(accepts({})).toEqual({})
  })

  it("accepts a full partial return", () => {
    const request = {
      agentName: "Jo Agent",
      phone: "555-123-4567",
      email: "jo@shop.example.com",
      reason: "Customer kept the chairs",
      returnType: 4,
      returnReasonPublicId: "rr_123",
      amount: 149.99,
    }
    expect(accepts(request)).toEqual(request)
  })

  it.each([
    ["agentName", 100],
    ["reason", 500],
  ])("%s accepts %i characters and refuses one more", (field, max) => {
    accepts({ [field]: chars(max) })
    refuses({ [field]: chars(max + 1) }, field, `at most ${max} characters`)
  })

  it("email accepts 100 characters and refuses a well-formed 101", () => {
    accepts({ email: emailOfLength(100) })
    refuses({ email: emailOfLength(101) }, "email", "at most 100 characters")
  })

  it.each(["jo", "jo@", "jo@example", "jo @example.com"])(
    "email refuses the malformed address %j",
    (email) => {
      refuses({ email }, "email", "must be an email address")
    }
  )

  it.each(["555-123-4567", "5551234567"])("phone accepts %j", (phone) => {
    accepts({ phone })
  })

  it.each(["999-9999999", "15551234567", "555123456", "555-123-456a", "(555) 123-4567", "555.123.4567", ""])(
    "phone refuses %j",
    (phone) => {
      refuses({ phone }, "phone", "999-999-9999 or 9999999999")
    }
  )

  it.each([1, 2])("returnType %i (Redraft, Return) is accepted without an amount", (returnType) => {
    accepts({ returnType })
  })

  it("returnType 4 (Partial) is accepted with an amount", () => {
    accepts({ returnType: 4, amount: 25.5 })
  })

  it.each([3, 0, 5, -1, 2.5, "2", null])("returnType refuses %j", (returnType) => {
    refuses({ returnType }, "returnType", "must be 1 (Redraft), 2 (Return) or 4 (Partial)")
  })

  it("a Partial return without an amount is refused on amount", () => {
    refuses({ returnType: 4 }, "amount", "is required when returnType is 4 (Partial)")
  })

  it.each([1, 2])("an amount with returnType %i is refused on amount", (returnType) => {
    refuses({ returnType, amount: 10 }, "amount", "is only allowed when returnType is 4 (Partial)")
  })

  it("an amount without a returnType is refused on amount", () => {
    refuses({ amount: 10 }, "amount", "is only allowed when returnType is 4 (Partial)")
  })

  it.each([0, -0.01, -5])("amount %d is refused: it must be greater than 0", (amount) => {
    refuses({ returnType: 4, amount }, "amount", "must be greater than 0")
  })

  it.each([0.001, 10.005, 25.499])("amount %d is refused: fractional cents", (amount) => {
    refuses({ returnType: 4, amount }, "amount", "at most 2 decimal places")
  })

  it.each([0.01, 0.29, 10, 1234.56])("amount %d is accepted", (amount) => {
    accepts({ returnType: 4, amount })
  })

  it("amount refuses a numeric string", () => {
    refuses({ returnType: 4, amount: "10.00" }, "amount", "must be a number")
  })

  it("returnReasonPublicId refuses a blank value", () => {
    refuses({ returnReasonPublicId: "  " }, "returnReasonPublicId", "must not be blank")
  })

  it("refuses a field the spec does not define", () => {
    refuses({ returnType: 2, notes: "x" }, "", 'Unrecognized key: "notes"')
  })
})

describe("DeliveryInformation (spec 2.7)", () => {
  const delivery = (overrides: Record<string, unknown> = {}) => ({
    address: "1 Main St",
    city: "Springfield",
    state: "IL",
    zip: "62701",
    ...overrides,
  })
  const accepts = (input: unknown) => expectAccepted(DeliveryInformation, input)
  const refuses = (input: unknown, path: string, fragment: string) =>
    expectRefused(DeliveryInformation, input, path, fragment)

  it("accepts the required fields alone", () => {
    expect(accepts(delivery())).toEqual(delivery())
  })

  it("accepts every field", () => {
    accepts(
      delivery({
        method: "Shipped",
        carrier: "FedEx",
        trackingNumber: "1Z999AA10123456784",
        address2: "Apt 2",
      })
    )
  })

  it.each(["address", "address2", "city"])("%s accepts 50 characters and refuses 51", (field) => {
    accepts(delivery({ [field]: chars(50, "D") }))
    refuses(delivery({ [field]: chars(51, "D") }), field, "at most 50 characters")
  })

  it.each(["address", "city"])("%s is required and refuses a blank value", (field) => {
    refuses(delivery({ [field]: undefined }), field, "is required")
    refuses(delivery({ [field]: "  " }), field, "must not be blank")
  })

  it.each(["state", "zip"])("%s is required", (field) => {
    refuses(delivery({ [field]: undefined }), field, "expected string")
  })

  it.each(["CA", "NY", "DC", "WY"])("state accepts %j", (state) => {
    accepts(delivery({ state }))
  })

  it.each([
    ["Cal", "2 upper-case letters"],
    ["ca", "2 upper-case letters"],
    ["C", "2 upper-case letters"],
    ["ZZ", "US state abbreviation"],
    ["PR", "US state abbreviation"],
  ])("state refuses %j", (state, fragment) => {
    refuses(delivery({ state }), "state", fragment)
  })

  it.each(["62701", "02134"])("zip accepts %j", (zip) => {
    accepts(delivery({ zip }))
  })

  it.each([
    ["6 digits", "627010"],
    ["4 digits", "6270"],
    ["ZIP+4", "62701-1234"],
    ["letters", "ABCDE"],
  ])("zip refuses %s (%j)", (_label, zip) => {
    refuses(delivery({ zip }), "zip", "5-digit")
  })

  it.each(["Direct", "Shipped"])("method accepts %j", (method) => {
    accepts(delivery({ method }))
  })

  it.each(["direct", "SHIPPED", "Pickup", "Courier", ""])("method refuses %j", (method) => {
    refuses(delivery({ method }), "method", "must be Direct or Shipped")
  })

  it.each(["FedEx", "UPS", "USPS", "OnTrac", "RoyalMailUK", "DhlV2"])(
    "carrier accepts the CamelCase token %j",
    (carrier) => {
      accepts(delivery({ carrier }))
    }
  )

  it.each(["fed ex", "Fed Ex", "fedex", "Fed-Ex", "Fed_Ex", " FedEx", "FedEx ", "2Day", ""])(
    "carrier refuses %j",
    (carrier) => {
      refuses(delivery({ carrier }), "carrier", "carrier code")
    }
  )

  it("trackingNumber refuses a blank value", () => {
    refuses(delivery({ trackingNumber: " " }), "trackingNumber", "must not be blank")
  })

  it("refuses a field the spec does not define", () => {
    refuses(delivery({ country: "US" }), "", 'Unrecognized key: "country"')
  })
})

describe("OrderReferences (spec 2.8)", () => {
  it.each([[["SO-1001"]], [["SO-1001", "SO-1002", "42"]]])("accepts %j", (orders) => {
    expect(expectAccepted(OrderReferences, { orders })).toEqual({ orders })
  })

  it("refuses an empty array", () => {
    expectRefused(OrderReferences, { orders: [] }, "orders", "at least one order")
  })

  it.each([
    [[""], "orders[0]"],
    [["   "], "orders[0]"],
    [["SO-1001", " "], "orders[1]"],
  ])("refuses the blank reference in %j on %s", (orders, path) => {
    expectRefused(OrderReferences, { orders }, path, "must not be blank")
  })

  it("refuses a missing orders field", () => {
    expectRefused(OrderReferences, {}, "orders", "expected array")
  })
})

describe("deliveryOutcome (spec 2.10)", () => {
  it("the three spec texts are spelled as the spec spells them", () => {
    expect(DELIVERY_STATUS_TEXTS).toEqual({
      created: "Delivery information created",
      applicationNotFound: "Application not found",
      noContract: "The application doesn't have a contract",
    })
  })

  it.each([
    ["Delivery information created", "created"],
    ["Application not found", "application_not_found"],
    ["The application doesn't have a contract", "no_contract"],
    ["The application doesn\u2019t have a contract", "no_contract"],
    ["  delivery information created\n", "created"],
    ["APPLICATION NOT FOUND", "application_not_found"],
  ])("%j is %s", (text, outcome) => {
    expect(deliveryOutcome(text)).toBe(outcome)
  })

  it.each([
    "Delivery information updated",
    "Delivery information created.",
    "The application doesn`t have a contract",
    "The application does not have a contract",
    "",
  ])("%j is unrecognised", (text) => {
    expect(deliveryOutcome(text)).toBe("unrecognised")
  })
})
