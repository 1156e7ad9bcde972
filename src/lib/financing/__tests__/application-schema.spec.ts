import { ApplicationInput, US_STATES, cartTotal } from "../schemas"
import { chars, emailOfLength, expectAccepted, expectRefused, issuesFor } from "./expect-issues"

/** A minimal valid application; every test changes one field of it. */
function application(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    storeCode: "STORE-001",
    firstName: "Ann",
    lastName: "Lee",
    mobilePhone: "555-123-4567",
    products: [{ description: "Sofa", quantity: 1, value: 899.99 }],
    ...overrides,
  }
}

const withAddress = (address: Record<string, unknown>) => application({ address })
const withProduct = (product: Record<string, unknown>) =>
  application({ products: [{ description: "Sofa", quantity: 1, value: 899.99, ...product }] })
const withProducts = (...values: number[]) =>
  application({
    products: values.map((value, index) => ({ description: `Line ${index + 1}`, quantity: 1, value })),
  })

const accepts = (input: unknown) => expectAccepted(ApplicationInput, input)
const refuses = (input: unknown, path: string, fragment: string) =>
  expectRefused(ApplicationInput, input, path, fragment)

describe("ApplicationInput", () => {
  it("accepts the minimal application used as the base of every case", () => {
    expect(accepts(application())).toEqual(application())
  })

  describe("names (spec 2.2, 8: max 100 chars)", () => {
    it.each(["firstName", "middleInitial", "lastName"])("%s accepts exactly 100 characters", (field) => {
      accepts(application({ [field]: chars(100) }))
    })

    it.each(["firstName", "middleInitial", "lastName"])("%s refuses 101 characters", (field) => {
      refuses(application({ [field]: chars(101) }), field, "at most 100 characters")
    })

    it("counts characters, not bytes: 100 accented letters fit", () => {
      accepts(application({ firstName: chars(100, "é") }))
    })

    it.each([
      ["firstName", ""],
      ["firstName", "   "],
      ["firstName", "\t\n"],
      ["lastName", ""],
      ["lastName", "  "],
    ])("%s refuses the blank value %j", (field, value) => {
      refuses(application({ [field]: value }), field, "must not be blank")
    })

    it.each(["firstName", "lastName"])("%s is required", (field) => {
      refuses(application({ [field]: undefined }), field, "is required")
    })

    it("middleInitial is optional", () => {
      accepts(application({ middleInitial: "Q" }))
    })
  })

  describe("mobilePhone (pattern 999-999-9999 or 9999999999)", () => {
    it.each(["555-123-4567", "5551234567", "000-000-0000"])("accepts %j", (mobilePhone) => {
      accepts(application({ mobilePhone }))
    })

    it.each([
      ["dash after the area code only", "999-9999999"],
      ["dash in the middle only", "999999-9999"],
      ["11 digits", "15551234567"],
      ["9 digits", "555123456"],
      ["11 digits with dashes", "555-123-45678"],
      ["groups 3-4-3", "555-1234-567"],
      ["a letter", "555-123-456a"],
      ["letters only", "CALL-ME-NOW"],
      ["parentheses", "(555) 123-4567"],
      ["spaces", "555 123 4567"],
      ["dots", "555.123.4567"],
      ["country code", "+15551234567"],
      ["leading space", " 5551234567"],
      ["trailing newline", "5551234567\n"],
      ["full-width digits", "５５５１２３４５６７"],
      ["empty", ""],
    ])("refuses %s (%j)", (_label, mobilePhone) => {
      refuses(application({ mobilePhone }), "mobilePhone", "999-999-9999 or 9999999999")
    })

    it("is required", () => {
      refuses(application({ mobilePhone: undefined }), "mobilePhone", "expected string")
    })
  })

  describe("email (max 100 chars)", () => {
    it("accepts an address of exactly 100 characters", () => {
      const email = emailOfLength(100)
      expect(email).toHaveLength(100)
      accepts(application({ email }))
    })

    it("refuses a well-formed address of 101 characters for its length", () => {
      const email = emailOfLength(101)
      expect(email).toHaveLength(101)
      refuses(application({ email }), "email", "at most 100 characters")
    })

    it.each(["ann", "ann@", "@example.com", "ann@example", "ann lee@example.com", "ann@@example.com", ""])(
      "refuses the malformed address %j",
      (email) => {
        refuses(application({ email }), "email", "must be an email address")
      }
    )

    it("is optional", () => {
      accepts(application({ email: "ann.lee@example.com" }))
    })
  })

  describe("dateOfBirth (customer at least 18)", () => {
    const DAY_MS = 24 * 60 * 60 * 1000
    const isoDate = (date: Date) => date.toISOString().slice(0, 10)

    /**
     * The same calendar day `years` earlier, in UTC. Only Feb 29 has no counterpart: "clamp" takes Feb 28
     * (the latest day that is at least `years` before), "roll" takes Mar 1 (the earliest day that is not).
     */
    function yearsBefore(date: Date, years: number, missingDay: "clamp" | "roll"): string {
      const year = date.getUTCFullYear() - years
      const shifted = new Date(Date.UTC(year, date.getUTCMonth(), date.getUTCDate()))
      if (shifted.getUTCMonth() !== date.getUTCMonth() && missingDay === "clamp") {
        return isoDate(new Date(Date.UTC(year, date.getUTCMonth() + 1, 0)))
      }
      return isoDate(shifted)
    }

    const today = new Date()
    const tomorrow = new Date(today.getTime() + DAY_MS)
    const eighteenToday = yearsBefore(today, 18, "clamp")
    const eighteenTomorrow = yearsBefore(tomorrow, 18, "roll")

    it(`accepts a customer who turns 18 today (born ${eighteenToday})`, () => {
      accepts(application({ dateOfBirth: eighteenToday }))
    })

    it(`refuses a customer who turns 18 tomorrow (born ${eighteenTomorrow})`, () => {
      refuses(application({ dateOfBirth: eighteenTomorrow }), "dateOfBirth", "at least 18 years old")
    })

    it("decides on the date part of a date-time: 18 today at any time of day", () => {
      accepts(application({ dateOfBirth: `${eighteenToday}T00:00:00Z` }))
      accepts(application({ dateOfBirth: `${eighteenToday}T23:59:59.999-12:00` }))
    })

    it("decides on the date part of a date-time: 18 tomorrow at any time of day", () => {
      refuses(application({ dateOfBirth: `${eighteenTomorrow}T00:00:00Z` }), "dateOfBirth", "at least 18")
    })

    it("refuses a birth date in the future", () => {
      refuses(application({ dateOfBirth: isoDate(tomorrow) }), "dateOfBirth", "at least 18 years old")
    })

    it.each([
      "1990-05-17",
      "1990-05-17T08:30",
      "1990-05-17T08:30:00",
      "1990-05-17T08:30:00Z",
      "1990-05-17T08:30:00.123Z",
      "1990-05-17T08:30:00+02:00",
      "1990-05-17T08:30:00.1234567-05:00",
      "2004-02-29",
    ])("accepts the date or date-time %j", (dateOfBirth) => {
      accepts(application({ dateOfBirth }))
    })

    it.each([
      "2024-02-30",
      "1990-02-30",
      "2023-02-29",
      "1990-04-31",
      "1990-13-01",
      "1990-00-10",
      "1990-01-00",
    ])("refuses %j, which is not a real calendar date", (dateOfBirth) => {
      refuses(application({ dateOfBirth }), "dateOfBirth", "must be a real calendar date")
    })

    it.each([
      "1990-05-17 08:30:00",
      "17/05/1990",
      "05/17/1990",
      "1990-5-17",
      "19900517",
      "1990-05-17T08",
      "1990-05-17T08:30:00+0200",
      "1990-05-17Z",
      "",
    ])("refuses %j, which is not an ISO 8601 date or date-time", (dateOfBirth) => {
      refuses(application({ dateOfBirth }), "dateOfBirth", "ISO 8601")
    })

    // An adult whose date is merely mistyped must not be told that the customer is under 18.
    it("reports a malformed date as a format error only, not as a calendar or age failure", () => {
      expect(issuesFor(ApplicationInput, application({ dateOfBirth: "05/17/1990" }))).toEqual([
        { path: "dateOfBirth", message: "must be an ISO 8601 date (YYYY-MM-DD) or date-time" },
      ])
    })

    // The date-time is sent to the service as written; a time of day that does not exist is not a date-time.
    it.each([
      "1990-05-17T24:00:00Z",
      "1990-05-17T25:00:00Z",
      "1990-05-17T08:60:00Z",
      "1990-05-17T08:30:60Z",
      "1990-05-17T08:30:00+25:00",
    ])("refuses %j, whose time or offset does not exist", (dateOfBirth) => {
      refuses(application({ dateOfBirth }), "dateOfBirth", "ISO 8601")
    })

    it("is optional", () => {
      accepts(application({ dateOfBirth: undefined }))
    })
  })

  describe("address", () => {
    it("accepts a full address at every limit", () => {
      accepts(
        withAddress({
          street: `1 ${chars(38, "M")}`,
          suiteApartment: "12345",
          city: chars(25, "C"),
          state: "CA",
          zipCode: "02134",
        })
      )
    })

    it("accepts an empty address: every field is optional", () => {
      accepts(withAddress({}))
    })

    it.each([
      ["street", 40, 41],
      ["suiteApartment", 5, 6],
      ["city", 25, 26],
    ])("%s accepts %i characters and refuses %i", (field, max, tooLong) => {
      accepts(withAddress({ [field]: chars(max, "B") }))
      refuses(withAddress({ [field]: chars(tooLong, "B") }), `address.${field}`, `at most ${max} characters`)
    })

    it.each([
      "PO Box 12",
      "P.O. Box 12",
      "p.o. box 12",
      "P. O. Box 12",
      "PO BOX",
      "POBox 12",
      "Post Office Box 7",
      "post office box 7",
      "Post Office Drawer 3",
      "POB 5",
      "P.O.B. 5",
      "Box 9",
      "BOX 9",
      "p o box 4",
      "12 Main St, PO Box 4",
    ])("street refuses the PO box %j", (street) => {
      refuses(withAddress({ street }), "address.street", "PO boxes are not allowed")
    })

    it.each([
      "1 Post Rd",
      "22 Old Post Rd",
      "15 Post Office Sq",
      "210 Box Elder St",
      "Box Elder St",
      "44 Boxwood Lane",
      "5 Box Canyon Rd",
      "12 Boxford Rd",
      "100 Poplar Ave",
      "3 Polk St",
      "9 Depot St",
      "1 Pond Rd",
    ])("street accepts %j, which is not a PO box", (street) => {
      accepts(withAddress({ street }))
    })

    // Spec 2.2: "exactly 2 upper-case letters; must be a valid US state abbreviation". The 50 states and DC.
    const STATES = (
      "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC " +
      "ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
    ).split(" ")

    it("the schema's state list is exactly the 50 states and DC", () => {
      expect(new Set(STATES).size).toBe(51)
      expect(new Set(US_STATES)).toEqual(new Set(STATES))
    })

    it.each(STATES)("state accepts %s", (state) => {
      accepts(withAddress({ state }))
    })

    it.each([
      ["lower case", "ca", "2 upper-case letters"],
      ["mixed case", "Ca", "2 upper-case letters"],
      ["3 letters", "CAL", "2 upper-case letters"],
      ["1 letter", "C", "2 upper-case letters"],
      ["a digit", "C1", "2 upper-case letters"],
      ["empty", "", "2 upper-case letters"],
      ["Puerto Rico, a territory", "PR", "US state abbreviation"],
      ["Guam, a territory", "GU", "US state abbreviation"],
      ["US Virgin Islands, a territory", "VI", "US state abbreviation"],
      ["an unknown code", "XX", "US state abbreviation"],
    ])("state refuses %s (%j)", (_label, state, fragment) => {
      refuses(withAddress({ state }), "address.state", fragment)
    })

    it.each(["02134", "90210", "00501"])("zipCode accepts the 5-digit ZIP %j", (zipCode) => {
      accepts(withAddress({ zipCode }))
    })

    it.each([
      ["4 digits", "2134"],
      ["6 digits", "902101"],
      ["ZIP+4", "02134-1234"],
      ["ZIP+4 without the dash", "021341234"],
      ["letters", "ABCDE"],
      ["a space", "0213 "],
      ["empty", ""],
    ])("zipCode refuses %s (%j)", (_label, zipCode) => {
      refuses(withAddress({ zipCode }), "address.zipCode", "5-digit")
    })

    it("refuses a field the spec does not define", () => {
      refuses(withAddress({ country: "US" }), "address", 'Unrecognized key: "country"')
    })
  })

  describe("products", () => {
    it("refuses an empty cart", () => {
      refuses(application({ products: [] }), "products", "at least one product line")
    })

    it("is required", () => {
      refuses(application({ products: undefined }), "products", "expected array")
    })

    it.each(["description", "id", "serialNumber"])("%s accepts 256 characters and refuses 257", (field) => {
      accepts(withProduct({ [field]: chars(256, "x") }))
      refuses(withProduct({ [field]: chars(257, "x") }), `products[0].${field}`, "at most 256 characters")
    })

    it.each(["", "   "])("description refuses the blank value %j", (description) => {
      refuses(withProduct({ description }), "products[0].description", "must not be blank")
    })

    it("description is required", () => {
      refuses(withProduct({ description: undefined }), "products[0].description", "is required")
    })

    it.each([0.5, 1, 2.25, 1000])("quantity accepts %d (a decimal greater than 0)", (quantity) => {
      accepts(withProduct({ quantity }))
    })

    it.each([0, -0, -1, -0.5])("quantity refuses %d", (quantity) => {
      refuses(withProduct({ quantity }), "products[0].quantity", "greater than 0")
    })

    it("quantity refuses a numeric string", () => {
      refuses(withProduct({ quantity: "1" }), "products[0].quantity", "must be a number")
    })

    it.each([899.99, 0.01, 0.29, 19.9, 1234567.89])("value accepts whole cents: %d", (value) => {
      accepts(withProduct({ value }))
    })

    // A second line keeps the cart total above 0, so the only rule broken is the line's own.
    it.each([0.001, 0.005, 19.999, 1.005, 899.991, -0.001])("value refuses fractional cents: %d", (value) => {
      refuses(withProducts(899.99, value), "products[1].value", "at most 2 decimal places")
    })

    it("value refuses a numeric string", () => {
      refuses(withProduct({ value: "899.99" }), "products[0].value", "must be a number")
    })

    it("names the line that broke a rule by its index", () => {
      const input = application({
        products: [
          { description: "Sofa", quantity: 1, value: 899.99 },
          { description: "Delivery", quantity: 1, value: 49.999 },
        ],
      })
      refuses(input, "products[1].value", "at most 2 decimal places")
    })

    it("accepts a negative coupon line when the cart total stays above 0", () => {
      accepts(withProducts(899.99, 49.99, -100, 71.26))
    })

    it.each([
      ["a coupon equal to the merchandise", [100, -100]],
      ["a coupon larger than the merchandise", [100, -150.5]],
      ["a single zero line", [0]],
      ["a single negative line", [-5]],
      ["lines that cancel to the cent", [0.1, 0.2, -0.3]],
    ])("refuses a cart total <= 0: %s", (_label, values) => {
      refuses(withProducts(...(values as number[])), "products", "cart total")
    })

    it("accepts a cart total of one cent", () => {
      accepts(withProducts(10, -9.99))
    })

    it("refuses a field the spec does not define on a line", () => {
      refuses(withProduct({ sku: "S-1" }), "products[0]", 'Unrecognized key: "sku"')
    })
  })

  describe("redirectUrl and cancelUrl (absolute URLs)", () => {
    const fields = ["redirectUrl", "cancelUrl"]

    it.each(
      fields.flatMap((field) =>
        [
          "https://shop.example.com/checkout/financing/done?cart=123",
          "http://localhost:9000/checkout/done",
          "https://shop.example.com",
        ].map((url) => [field, url])
      )
    )("%s accepts the absolute URL %j", (field, url) => {
      accepts(application({ [field]: url }))
    })

    it.each(
      fields.flatMap((field) =>
        ["/checkout/done", "checkout/done", "//shop.example.com/done", "www.shop.example.com/done", ""].map(
          (url) => [field, url]
        )
      )
    )("%s refuses the relative URL %j", (field, url) => {
      refuses(application({ [field]: url }), field, "must be an absolute")
    })

    // The customer's browser is sent there (spec 2.2: "where the customer returns to the retailer site"), so
    // only an http(s) URL will do. WHATWG parsing reads "localhost:9000/..." as scheme "localhost:", so a URL
    // whose scheme was left out would pass a bare `z.url()`.
    it.each(
      fields.flatMap((field) =>
        [
          "localhost:9000/checkout/done",
          "shop.example.com:443/checkout/done",
          "javascript:alert(document.cookie)",
          "data:text/html,<script>alert(1)</script>",
          "ftp://shop.example.com/checkout/done",
          "ws://shop.example.com/checkout/done",
        ].map((url) => [field, url])
      )
    )("%s refuses %j, which is not an http(s) URL", (field, url) => {
      refuses(application({ [field]: url }), field, "http(s) URL")
    })
  })

  describe("other fields", () => {
    it.each(["", "  "])("storeCode refuses the blank value %j", (storeCode) => {
      refuses(application({ storeCode }), "storeCode", "must not be blank")
    })

    it("referenceNumber is optional and refuses a blank value", () => {
      accepts(application({ referenceNumber: "INV-2026-0001" }))
      refuses(application({ referenceNumber: " " }), "referenceNumber", "must not be blank")
    })

    it("refuses a field the spec does not define (strict)", () => {
      refuses(application({ nickname: "Annie" }), "", 'Unrecognized key: "nickname"')
    })
  })
})

describe("cartTotal", () => {
  const lines = (...values: number[]) => values.map((value) => ({ value }))

  it("sums 0.1 + 0.2 to exactly 0.3", () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(cartTotal(lines(0.1, 0.2))).toBe(0.3)
  })

  it.each([
    [[0.57, 0.29], 0.86],
    [[1.1, 2.2], 3.3],
    [[19.99, 0.07, 1.1, -0.29], 20.87],
  ])("sums lines whose cents are inexact in binary, %j, to exactly %d", (values, total) => {
    expect(cartTotal(lines(...values))).toBe(total)
  })

  it("sums 1000 lines of 0.01 to exactly 10", () => {
    expect(cartTotal(lines(...Array<number>(1000).fill(0.01)))).toBe(10)
  })

  it("subtracts coupons", () => {
    expect(cartTotal(lines(899.99, 49.99, -100, 71.26))).toBe(921.24)
  })

  it("sums negative lines exactly", () => {
    expect(cartTotal(lines(-0.1, -0.2))).toBe(-0.3)
  })

  it("is 0 for no lines", () => {
    expect(cartTotal([])).toBe(0)
  })
})
