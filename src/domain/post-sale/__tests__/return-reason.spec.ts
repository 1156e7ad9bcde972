import { ReturnRequest } from "../../../lib/financing/schemas"
import { MAX_REASON_LENGTH, serviceReturnReasonFor } from "../return-reason"

const SERVICE_REASONS = [
  { publicId: "damaged", description: "Item arrived damaged or defective" },
  { publicId: "wrong-item", description: "Wrong item delivered" },
  { publicId: "other", description: "Other" },
]

const reason = (patch: Partial<{ id: string; value: string; label: string }> = {}) => ({
  id: "rr_01",
  value: "broken",
  label: "Arrived broken",
  ...patch,
})

describe("serviceReturnReasonFor", () => {
  it("is empty without a Medusa reason", () => {
    expect(serviceReturnReasonFor(null, SERVICE_REASONS, { broken: "damaged" })).toEqual({})
    expect(serviceReturnReasonFor(undefined, SERVICE_REASONS, {})).toEqual({})
  })

  it("maps by the reason's value", () => {
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, { broken: "damaged" })).toEqual({
      returnReasonPublicId: "damaged",
      reason: "Arrived broken",
    })
  })

  it("maps by the reason's id", () => {
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, { rr_01: "wrong-item" })).toEqual({
      returnReasonPublicId: "wrong-item",
      reason: "Arrived broken",
    })
  })

  it("prefers the value's entry to the id's", () => {
    const map = { rr_01: "wrong-item", broken: "damaged" }
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, map).returnReasonPublicId).toBe("damaged")
  })

  it("skips a mapped public id the service does not list", () => {
    const map = { broken: "retired-reason", rr_01: "wrong-item" }
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, map).returnReasonPublicId).toBe("wrong-item")
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, { broken: "retired-reason" })).toEqual({
      reason: "Arrived broken",
    })
  })

  it("matches a service description equal to the label, ignoring case and surrounding spaces", () => {
    const medusa = reason({ label: "  wrong ITEM delivered " })
    expect(serviceReturnReasonFor(medusa, SERVICE_REASONS, {})).toEqual({
      returnReasonPublicId: "wrong-item",
      reason: "wrong ITEM delivered",
    })
  })

  it("matches a service description equal to the value", () => {
    const medusa = reason({ value: "other", label: "Something else" })
    expect(serviceReturnReasonFor(medusa, SERVICE_REASONS, {}).returnReasonPublicId).toBe("other")
  })

  it("does not match a description that merely contains the label", () => {
    const medusa = reason({ value: "x", label: "damaged" })
    expect(serviceReturnReasonFor(medusa, SERVICE_REASONS, {})).toEqual({ reason: "damaged" })
  })

  it("sends the label alone when nothing matches", () => {
    expect(serviceReturnReasonFor(reason(), SERVICE_REASONS, {})).toEqual({ reason: "Arrived broken" })
    expect(serviceReturnReasonFor(reason(), [], { broken: "damaged" })).toEqual({ reason: "Arrived broken" })
  })

  it("falls back to the value when the label is blank", () => {
    expect(serviceReturnReasonFor(reason({ label: " " }), SERVICE_REASONS, {})).toEqual({ reason: "broken" })
  })

  it("ignores inherited keys of the map", () => {
    const medusa = reason({ value: "toString", id: "constructor", label: "Odd" })
    expect(serviceReturnReasonFor(medusa, SERVICE_REASONS, {})).toEqual({ reason: "Odd" })
  })

  describe("reason text (spec 2.6: at most 500 characters)", () => {
    it("sends 500 characters as they are", () => {
      const label = "b".repeat(MAX_REASON_LENGTH)
      expect(serviceReturnReasonFor(reason({ label }), [], {}).reason).toBe(label)
    })

    it("cuts 501 characters to 500 ending in an ellipsis", () => {
      const text = serviceReturnReasonFor(reason({ label: "b".repeat(501) }), [], {}).reason ?? ""
      expect(text).toHaveLength(500)
      expect(text).toBe(`${"b".repeat(499)}\u2026`)
      expect(ReturnRequest.safeParse({ reason: text }).success).toBe(true)
    })

    it("never splits a character made of two UTF-16 units", () => {
      const label = `${"b".repeat(498)}\u{1F4E6}${"c".repeat(10)}`
      const text = serviceReturnReasonFor(reason({ label }), [], {}).reason ?? ""
      expect(text).toBe(`${"b".repeat(498)}\u2026`)
      expect(text.length).toBeLessThanOrEqual(500)
    })
  })
})
