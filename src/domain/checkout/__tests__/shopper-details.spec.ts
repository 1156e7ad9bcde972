import { US_STATES } from "../../../lib/financing/schemas"
import {
  CITY,
  type Checked,
  FIRST_NAME,
  street,
  suite,
  text,
  usPhone,
  usState,
  usZip,
} from "../shopper-details"

const accepted = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new Error(`expected a value, got ${JSON.stringify(checked.problem)}`)
  return checked.value
}
const refused = <T>(checked: Checked<T>) => {
  if (checked.ok) throw new Error(`expected a problem, got ${JSON.stringify(checked.value)}`)
  return checked.problem
}

const PHONE_MESSAGE = "Enter a US mobile phone number, such as 512-555-0100."

describe("usPhone", () => {
  it.each([
    ["+1 (512) 555-0100", "512-555-0100"],
    ["1-512-555-0100", "512-555-0100"],
    ["512.555.0100", "512-555-0100"],
    ["5125550100", "512-555-0100"],
    ["(512) 555 0100", "512-555-0100"],
    ["+15125550100", "512-555-0100"],
    ["1 (212) 555 0199", "212-555-0199"],
    ["  907-555-0123  ", "907-555-0123"],
    ["512-555-0100", "512-555-0100"],
  ])("normalises %p to %p", (raw, phone) => {
    expect(accepted(usPhone("billing_address.phone", raw))).toBe(phone)
  })

  it.each([null, undefined, "", "   "])("asks for a missing phone (%p), on the given field", (raw) => {
    expect(refused(usPhone("billing_address.phone", raw))).toEqual({
      code: "phone_missing",
      field: "billing_address.phone",
      message: PHONE_MESSAGE,
    })
  })

  it.each([
    ["UK landline", "+44 20 7946 0958"],
    ["UK mobile", "+44 7911 123456"],
    ["Mexico", "+52 55 1234 5678"],
    ["France (11 digits not starting with 1)", "+33 1 23 45 67 89"],
    ["area code 123", "123-555-0100"],
    ["area code starting with 0", "012-555-0100"],
    ["exchange starting with 0", "512-055-0100"],
    ["exchange starting with 1", "512-155-0100"],
    ["7 digits", "555-0100"],
    ["9 digits", "512-555-010"],
    ["11 digits not starting with 1", "2-512-555-0100"],
    ["12 digits", "1-512-555-01000"],
    ["an extension", "512-555-0100 ext 12"],
    ["letters only", "call me"],
  ])("refuses %s (%p), on the given field", (_, raw) => {
    expect(refused(usPhone("billing_address.phone", raw))).toEqual({
      code: "phone_not_us_mobile",
      field: "billing_address.phone",
      message: PHONE_MESSAGE,
    })
  })

  it.each([
    ["Denmark", "+45 32 12 34 56"],
    ["Norway", "+47 22 12 34 56"],
    ["Singapore", "+65 6123 4567"],
  ])("refuses a %s number whose country code and 8 digits happen to make 10 digits (%p)", (_, raw) => {
    // "+" followed by a country code other than 1 is not a US number, whatever its digit count.
    expect(refused(usPhone("billing_address.phone", raw))).toEqual({
      code: "phone_not_us_mobile",
      field: "billing_address.phone",
      message: PHONE_MESSAGE,
    })
  })

  it("names the field it was given", () => {
    expect(refused(usPhone("shipping_address.phone", "")).field).toBe("shipping_address.phone")
  })
})

describe("usState", () => {
  const MESSAGE = "Enter a US state, such as TX."

  it.each([
    ["tx", "TX"],
    ["TX", "TX"],
    ["Tx", "TX"],
    [" tx ", "TX"],
    ["US-TX", "TX"],
    ["us-tx", "TX"],
    ["US-ca", "CA"],
    ["dc", "DC"],
    // A state's name is what many storefronts store; delivery has always read it, so checkout does too.
    ["Texas", "TX"],
    ["texas", "TX"],
    [" TEXAS ", "TX"],
    ["new  york", "NY"],
    ["District of Columbia", "DC"],
  ])("reads %p as %p", (raw, state) => {
    expect(accepted(usState("billing_address.province", raw))).toBe(state)
  })

  it("accepts all 50 states and DC", () => {
    for (const state of US_STATES) {
      expect(accepted(usState("p", state.toLowerCase()))).toBe(state)
      expect(accepted(usState("p", `US-${state}`))).toBe(state)
    }
    expect(US_STATES).toHaveLength(51)
  })

  it.each([
    "Tex.",
    "Texass",
    "Puerto Rico",
    "T X",
    "TXX",
    "XX",
    "PR",
    "GU",
    "VI",
    "US",
    "US-",
    "CA-ON",
    "",
    "  ",
    null,
    undefined,
  ])("refuses %p", (raw) => {
    expect(refused(usState("billing_address.province", raw))).toEqual({
      code: "state_invalid",
      field: "billing_address.province",
      message: MESSAGE,
    })
  })
})

describe("usZip", () => {
  const MESSAGE = "Enter a 5-digit US ZIP code, such as 78701."

  it.each([
    ["78701", "78701"],
    ["78701-1234", "78701"],
    ["787011234", "78701"],
    [" 78701 ", "78701"],
    ["02134", "02134"],
    ["00501", "00501"],
  ])("reads %p as %p", (raw, zip) => {
    expect(accepted(usZip("billing_address.postal_code", raw))).toBe(zip)
  })

  it.each([
    "7870",
    "787",
    "787012",
    "78701-",
    "78701-12",
    "78701-12345",
    "7870A",
    "ABCDE",
    "SW1A 1AA",
    "",
    null,
  ])("refuses %p", (raw) => {
    expect(refused(usZip("billing_address.postal_code", raw))).toEqual({
      code: "zip_invalid",
      field: "billing_address.postal_code",
      message: MESSAGE,
    })
  })
})

describe("street", () => {
  const PO_BOX = "Enter a street address: a PO box cannot be used to pay over time."

  it("accepts and trims a street, up to the limit", () => {
    expect(accepted(street("a", "  500 Congress Ave ", 40))).toBe("500 Congress Ave")
    expect(accepted(street("a", "x".repeat(40), 40))).toHaveLength(40)
  })

  it("refuses a street over the limit, naming it", () => {
    expect(refused(street("billing_address.address_1", "x".repeat(41), 40))).toEqual({
      code: "street_too_long",
      field: "billing_address.address_1",
      message:
        "Shorten the street address to 40 characters or fewer; an apartment or suite goes on the second line.",
      params: { max: 40 },
    })
  })

  it.each([null, undefined, "", "   "])("asks for a missing street (%p)", (raw) => {
    expect(refused(street("billing_address.address_1", raw, 40))).toEqual({
      code: "street_missing",
      field: "billing_address.address_1",
      message: "Enter a street address.",
    })
  })

  it.each([
    "PO Box 123",
    "P.O. Box 123",
    "po box 5",
    "P O Box 9",
    "PO-Box 4",
    "Post Office Box 77",
    "Box 12",
    "POB 12",
  ])("refuses the PO box %p", (raw) => {
    expect(refused(street("billing_address.address_1", raw, 40))).toEqual({
      code: "po_box",
      field: "billing_address.address_1",
      message: PO_BOX,
    })
  })

  it.each(["12 Boxwood Ln", "4100 Post Oak Blvd", "77 Pope St", "1 Boxer Ct"])(
    "accepts the street %p",
    (raw) => {
      expect(accepted(street("a", raw, 40))).toBe(raw)
    }
  )

  it("reports a PO box before the length", () => {
    expect(refused(street("a", `PO Box 1 ${"x".repeat(40)}`, 40)).message).toBe(PO_BOX)
  })
})

describe("suite", () => {
  it.each([
    ["Apt 4B", "4B"],
    ["apt. 4B", "4B"],
    ["Apt #4B", "4B"],
    ["Apartment 12", "12"],
    ["Suite 200", "200"],
    ["STE 200", "200"],
    ["Ste. 5", "5"],
    ["Unit 7", "7"],
    ["#12", "12"],
    ["# 12", "12"],
    ["4B", "4B"],
    ["  12  ", "12"],
    ["12345", "12345"],
  ])("reads %p as %p", (raw, value) => {
    expect(accepted(suite("billing_address.address_2", raw, 5))).toBe(value)
  })

  it.each([null, undefined, "", "  ", "Apt", "Suite #"])("is absent for %p", (raw) => {
    expect(accepted(suite("billing_address.address_2", raw, 5))).toBeUndefined()
  })

  it("refuses a number longer than the limit, naming it", () => {
    expect(refused(suite("billing_address.address_2", "Suite 123456", 5))).toEqual({
      code: "suite_too_long",
      field: "billing_address.address_2",
      message: "Shorten the apartment or suite number to 5 characters or fewer.",
      params: { max: 5 },
    })
    expect(refused(suite("billing_address.address_2", "Building 12, Floor 3", 5)).field).toBe(
      "billing_address.address_2"
    )
  })

  it("strips a label only when it is a whole word", () => {
    // "Unity" is not "Unit" + "y", and "Stern" is not "Ste" + "rn": sending "y" or "rn" would be a wrong address.
    expect(accepted(suite("billing_address.address_2", "Unity", 5))).toBe("Unity")
    expect(accepted(suite("billing_address.address_2", "Stern", 5))).toBe("Stern")
  })
})

describe("text", () => {
  it("trims and accepts up to the limit", () => {
    expect(accepted(text("billing_address.city", "  Austin ", 25, CITY))).toBe("Austin")
    expect(accepted(text("billing_address.city", "x".repeat(25), 25, CITY))).toHaveLength(25)
  })

  it.each([null, undefined, "", "   "])("asks for a missing value (%p), naming what", (raw) => {
    expect(refused(text("billing_address.first_name", raw, 100, FIRST_NAME))).toEqual({
      code: "first_name_missing",
      field: "billing_address.first_name",
      message: "Enter your first name.",
    })
  })

  it("refuses a value over the limit, counting after trimming", () => {
    expect(refused(text("billing_address.city", "x".repeat(26), 25, CITY))).toEqual({
      code: "city_too_long",
      field: "billing_address.city",
      message: "Shorten the city to 25 characters or fewer.",
      params: { max: 25 },
    })
    expect(accepted(text("billing_address.city", ` ${"x".repeat(25)} `, 25, CITY))).toHaveLength(25)
  })
})
