import { serializeError } from "@medusajs/framework/utils"

import { financingProviderId } from "../../../config/provider-id"
import type { ApplicationPolicy } from "../cart-to-application"
import {
  type EligibilityCart,
  applicationPolicyOf,
  financingApplicationFor,
  financingEligibility,
  regionOffersFinancing,
} from "../eligibility"
import { financingRefusalBodyOf, financingRefusedError } from "../financing-refusal"

const PROVIDER = financingProviderId("retail-financing")
const POLICY: ApplicationPolicy = { storeCode: "STORE-001", minAmount: 200, maxAmount: 5000 }

/** A $500 cart with no tax or shipping, so its one line is its total; a US shopper in a region with financing. */
function cart(overrides: Partial<EligibilityCart> = {}): EligibilityCart {
  return {
    id: "cart_01",
    email: "ann@example.com",
    currency_code: "usd",
    total: 500,
    tax_total: 0,
    items: [{ id: "item_1", title: "Desk", quantity: 1, subtotal: 500 }],
    billing_address: {
      first_name: "Ann",
      last_name: "Lee",
      address_1: "500 Congress Ave",
      city: "Austin",
      province: "tx",
      postal_code: "78701",
      country_code: "us",
      phone: "512-555-0100",
    },
    region_id: "reg_us",
    region: {
      payment_providers: [
        { id: "pp_system_default", is_enabled: true },
        { id: PROVIDER, is_enabled: true },
      ],
    },
    ...overrides,
  }
}

describe("financingEligibility of a cart with a line the lender cannot lease", () => {
  const desk = { id: "item_1", title: "Desk", quantity: 1, subtotal: 500 }
  const giftCard = {
    id: "item_2",
    title: "Gift card",
    quantity: 1,
    subtotal: 100,
    product: { id: "prod_gift", is_giftcard: true },
  }

  it("is refused with the reason and its lines, beside the store's other rules", () => {
    const result = financingEligibility(cart({ total: 600, items: [desk, giftCard] }), {
      ...POLICY,
      maxAmount: 550,
    })
    expect(result.eligible).toBe(false)
    expect(result.reasons.map((reason) => reason.code)).toEqual(["items_not_leasable", "total_above_maximum"])
    expect(result.reasons[0].items).toEqual([{ line_item_id: "item_2", title: "Gift card" }])
  })

  it("is eligible once the line is removed", () => {
    expect(financingEligibility(cart({ total: 500, items: [desk] }), POLICY)).toEqual({
      eligible: true,
      reasons: [],
    })
  })
})

describe("financingEligibility", () => {
  it("finds an ordinary cart eligible, with no reasons", () => {
    expect(financingEligibility(cart(), POLICY)).toEqual({ eligible: true, reasons: [] })
  })

  it("gives each reason's code, field and sentence, and nothing for the log", () => {
    const result = financingEligibility(
      cart({ total: 6000, items: [{ id: "i", title: "Sofa", quantity: 1, subtotal: 6000 }] }),
      POLICY
    )
    expect(result).toEqual({
      eligible: false,
      reasons: [
        {
          code: "total_above_maximum",
          field: "total",
          message: "Pay over time is available for orders from $200.00 to $5,000.00.",
        },
      ],
    })
  })

  it("says the reasons in Spanish for a Spanish request, with the same codes and fields", () => {
    const refused = cart({
      total: 6000,
      items: [{ id: "i", title: "Sofa", quantity: 1, subtotal: 6000 }],
      billing_address: { ...cart().billing_address, phone: "+44 20 7946 0958", province: "zz" },
    })
    const english = financingEligibility(refused, POLICY)
    const spanish = financingEligibility(refused, POLICY, "es")
    expect(spanish.reasons.map(({ code, field }) => ({ code, field }))).toEqual(
      english.reasons.map(({ code, field }) => ({ code, field }))
    )
    expect(spanish.reasons.length).toBeGreaterThan(1)
    expect(spanish.reasons.find((reason) => reason.code === "total_above_maximum")?.message).toBe(
      "Pagar a plazos está disponible para pedidos de $200.00 a $5,000.00."
    )
    for (const [index, reason] of spanish.reasons.entries()) {
      expect(reason.message).not.toBe(english.reasons[index].message)
      expect(reason).not.toHaveProperty("params")
    }
  })

  it("refuses a region that does not offer the provider, on region_id, with the cart's other reasons after it", () => {
    const result = financingEligibility(
      cart({
        region: { payment_providers: [{ id: "pp_system_default", is_enabled: true }] },
        billing_address: { ...cart().billing_address, phone: "+44 20 7946 0958" },
      }),
      POLICY
    )
    expect(result.reasons).toEqual([
      {
        code: "region_not_enabled",
        field: "region_id",
        message: "Pay over time is not available in your region.",
      },
      {
        code: "phone_not_us_mobile",
        field: "billing_address.phone",
        message: "Enter a US mobile phone number, such as 512-555-0100.",
      },
    ])
  })

  it("says only that a completed cart was ordered", () => {
    const result = financingEligibility(cart({ completed_at: "2025-01-01T00:00:00Z", total: 1 }), POLICY)
    expect(result.reasons).toEqual([
      { code: "cart_completed", field: null, message: "This cart has already been ordered." },
    ])
  })

  it("writes every reason as a plain sentence, without a field path or a key in brackets", () => {
    const everything = cart({
      currency_code: "eur",
      email: "ann@",
      total: 0,
      items: [],
      region: null,
      billing_address: {
        first_name: " ",
        last_name: "L".repeat(101),
        address_1: "PO Box 5",
        address_2: "Building 12, Floor 3",
        city: "",
        province: "Tejas",
        postal_code: "7870",
        country_code: "ca",
        phone: "",
      },
    })
    const { reasons } = financingEligibility(everything, POLICY)
    expect(reasons.length).toBeGreaterThanOrEqual(10)
    for (const { code, field, message } of reasons) {
      expect({ code, message }).toEqual({
        code: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/),
        message: expect.any(String),
      })
      expect({ code, startsAndEnds: /^[A-Z].*\.$/.test(message) }).toEqual({ code, startsAndEnds: true })
      expect({ code, message }).toEqual({ code, message: expect.not.stringMatching(/[()_]/) })
      // "email" or "total" are words a sentence may use; "billing_address.phone" is not.
      if (field?.includes("."))
        expect({ code, message }).toEqual({ code, message: expect.not.stringContaining(field) })
    }
  })
})

describe("regionOffersFinancing", () => {
  it("finds any registration of the provider when none is named, and only the named one when it is", () => {
    const custom = financingProviderId("lease")
    const region = cart({ region: { payment_providers: [{ id: custom, is_enabled: true }] } })
    expect(regionOffersFinancing(region)).toBe(true)
    expect(regionOffersFinancing(region, custom)).toBe(true)
    expect(regionOffersFinancing(region, PROVIDER)).toBe(false)
  })

  it("does not count a disabled provider, another provider, or a cart read without its region", () => {
    expect(
      regionOffersFinancing(cart({ region: { payment_providers: [{ id: PROVIDER, is_enabled: false }] } }))
    ).toBe(false)
    expect(regionOffersFinancing(cart({ region: { payment_providers: [{ id: "pp_stripe_stripe" }] } }))).toBe(
      false
    )
    expect(regionOffersFinancing(cart({ region: undefined }))).toBe(false)
    expect(regionOffersFinancing(cart({ region: { payment_providers: [null] } }))).toBe(false)
  })
})

describe("financingApplicationFor", () => {
  it("builds the same application as the session start with the store's policy", () => {
    const result = financingApplicationFor(
      cart(),
      applicationPolicyOf({ storeCode: "STORE-001", minAmount: 200, maxAmount: 5000, allowedStates: ["TX"] }),
      PROVIDER
    )
    expect(result.ok && result.application.storeCode).toBe("STORE-001")
    expect(result.ok && result.totalCents).toBe(50_000)
  })

  it("refuses a state outside allowedStates", () => {
    const result = financingApplicationFor(cart(), { ...POLICY, allowedStates: ["CA"] }, PROVIDER)
    expect(result.ok ? [] : result.problems.map(({ code }) => code)).toEqual(["state_not_financed"])
  })
})

describe("a refused session start's answer", () => {
  it("survives a workflow's hand-over as a plain object, with every reason and the first one at the top", () => {
    const result = financingApplicationFor(
      cart({ billing_address: { ...cart().billing_address, phone: "", postal_code: "7870" } }),
      POLICY
    )
    if (result.ok) throw new Error("expected problems")
    // What a workflow rethrows: the step's error, serialised with its own fields.
    const handedOver = serializeError(financingRefusedError(result.problems))

    expect(financingRefusalBodyOf(handedOver)).toEqual({
      type: "invalid_data",
      code: "phone_missing",
      field: "billing_address.phone",
      message:
        "Enter a US mobile phone number, such as 512-555-0100. Enter a 5-digit US ZIP code, such as 78701.",
      reasons: [
        {
          code: "phone_missing",
          field: "billing_address.phone",
          message: "Enter a US mobile phone number, such as 512-555-0100.",
        },
        {
          code: "zip_invalid",
          field: "billing_address.postal_code",
          message: "Enter a 5-digit US ZIP code, such as 78701.",
        },
      ],
    })
  })

  it("is said in Spanish after the hand-over, with the values a sentence names and the same codes", () => {
    const result = financingApplicationFor(cart(), { ...POLICY, allowedStates: ["CA"] })
    if (result.ok) throw new Error("expected problems")
    const handedOver = serializeError(financingRefusedError(result.problems))

    expect(financingRefusalBodyOf(handedOver, "es")).toEqual({
      type: "invalid_data",
      code: "state_not_financed",
      field: "billing_address.province",
      message: "Pagar a plazos no está disponible para direcciones en TX.",
      reasons: [
        {
          code: "state_not_financed",
          field: "billing_address.province",
          message: "Pagar a plazos no está disponible para direcciones en TX.",
        },
      ],
    })
  })

  it("is the sentences alone for Medusa's own error handler", () => {
    const error = financingRefusedError([
      { code: "cart_empty", field: "items", message: "Add an item to your cart to pay over time." },
    ])
    expect([error.type, error.code, error.message]).toEqual([
      "invalid_data",
      "cart_empty",
      "Add an item to your cart to pay over time.",
    ])
  })

  it("leaves any other error to the other handlers", () => {
    expect(financingRefusalBodyOf(new Error("boom"))).toBeUndefined()
    expect(
      financingRefusalBodyOf({ type: "invalid_data", message: "data.return_url must be a URL string" })
    ).toBeUndefined()
    expect(financingRefusalBodyOf({ type: "not_allowed", reasons: [{ code: "x" }] })).toBeUndefined()
    expect(financingRefusalBodyOf(undefined)).toBeUndefined()
  })
})
