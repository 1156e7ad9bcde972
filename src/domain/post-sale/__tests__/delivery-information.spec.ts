import type { FulfillmentDTO } from "@medusajs/framework/types"
import { DeliveryInformation } from "../../../lib/financing/schemas"
import {
  DeliverySettings,
  FINANCING_FULFILLMENT_FIELDS,
  FinancingDeliveryAddress,
  FinancingFulfillment,
  deliveryInformationFor,
} from "../delivery-information"

const settings = (patch: Partial<DeliverySettings> = {}): DeliverySettings => ({
  carriers: ["NationalPost", "ExpressCourier", "RegionalParcelV2"],
  carrierMap: {},
  directDeliveryTypes: ["pickup", "local-delivery"],
  storeAddress: undefined,
  ...patch,
})

const STORE = {
  street: "500 Store Rd",
  street2: "Unit 2",
  city: "Dallas",
  state: "TX" as const,
  zip: "75201",
}

const address: FinancingDeliveryAddress = {
  address_1: "1 Main St",
  address_2: null,
  city: "Austin",
  province: "TX",
  postal_code: "78701",
  country_code: "us",
}

function fulfillment(patch: Partial<FinancingFulfillment> = {}): FinancingFulfillment {
  return {
    id: "ful_1",
    provider_id: "manual_manual",
    shipped_at: new Date("2026-01-02T03:04:05Z"),
    delivered_at: null,
    data: null,
    labels: [],
    delivery_address: { ...address },
    shipping_option: {
      name: "Standard Shipping",
      provider_id: "manual_manual",
      type: { code: "standard" },
      service_zone: { fulfillment_set: { type: "shipping" } },
    },
    ...patch,
  }
}

const withAddress = (patch: FinancingDeliveryAddress) =>
  fulfillment({ delivery_address: { ...address, ...patch } })

function delivered(input: FinancingFulfillment, options = settings()) {
  const result = deliveryInformationFor(input, options)
  if (!result.ok) throw new Error(`expected a delivery, got ${JSON.stringify(result.problems)}`)
  expect(DeliveryInformation.safeParse(result.delivery).success).toBe(true)
  return result
}

function problemsOf(input: FinancingFulfillment, options = settings()) {
  const result = deliveryInformationFor(input, options)
  if (result.ok) throw new Error(`expected problems, got ${JSON.stringify(result.delivery)}`)
  return result.problems
}

const chars = (count: number) => "a".repeat(count)

describe("FINANCING_FULFILLMENT_FIELDS", () => {
  it("names every field the mapping reads, with the fulfillment module's relation names", () => {
    expect(FINANCING_FULFILLMENT_FIELDS).toEqual(
      expect.arrayContaining([
        "id",
        "provider_id",
        "data",
        "labels.tracking_number",
        "delivery_address.address_1",
        "delivery_address.address_2",
        "delivery_address.city",
        "delivery_address.province",
        "delivery_address.postal_code",
        "delivery_address.country_code",
        "shipping_option.name",
        "shipping_option.type.code",
        "shipping_option.service_zone.fulfillment_set.type",
      ])
    )
  })

  it("describes a shape Medusa's own FulfillmentDTO fits", () => {
    // A compile-time check: tsc fails here if the type drifts from Medusa's.
    const fromMedusa = (dto: FulfillmentDTO): FinancingFulfillment => dto
    expect(typeof fromMedusa).toBe("function")
  })
})

describe("a shipment", () => {
  it("maps the delivery address and says Shipped", () => {
    expect(delivered(fulfillment())).toEqual({
      ok: true,
      delivery: { method: "Shipped", address: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
      carrierSource: null,
    })
  })

  it("keeps address_2 and trims surrounding spaces", () => {
    const { delivery } = delivered(
      withAddress({ address_1: "  1 Main St ", address_2: " Apt 4 ", city: " Austin" })
    )
    expect(delivery).toMatchObject({ address: "1 Main St", address2: "Apt 4", city: "Austin" })
  })

  it("leaves a blank address_2 out", () => {
    expect(delivered(withAddress({ address_2: "  " })).delivery).not.toHaveProperty("address2")
  })

  it("is a problem without a delivery address", () => {
    expect(problemsOf(fulfillment({ delivery_address: null }))).toEqual([
      { field: "delivery_address", message: expect.stringContaining("missing") },
    ])
  })
})

describe("address limits (spec 2.7: 50 characters)", () => {
  it.each([
    ["address_1", "address"],
    ["address_2", "address2"],
    ["city", "city"],
  ] as const)("%s: 50 characters are sent as they are", (field, key) => {
    expect(delivered(withAddress({ [field]: chars(50) })).delivery[key]).toBe(chars(50))
  })

  it.each(["address_1", "address_2", "city"] as const)(
    "%s: 51 characters are a problem, never cut",
    (field) => {
      expect(problemsOf(withAddress({ [field]: chars(51) }))).toEqual([
        {
          field: `delivery_address.${field}`,
          message: `delivery_address.${field} is longer than 50 characters`,
        },
      ])
    }
  )

  it.each(["address_1", "city"] as const)("a missing %s is a problem", (field) => {
    for (const value of [null, "", "   "]) {
      expect(problemsOf(withAddress({ [field]: value }))).toEqual([
        { field: `delivery_address.${field}`, message: `delivery_address.${field} is missing` },
      ])
    }
  })

  it("reports every problem at once", () => {
    const problems = problemsOf(
      withAddress({ address_1: chars(51), city: null, province: "XX", postal_code: "1" })
    )
    expect(problems.map((problem) => problem.field)).toEqual([
      "delivery_address.address_1",
      "delivery_address.city",
      "delivery_address.province",
      "delivery_address.postal_code",
    ])
  })
})

describe("state from province", () => {
  it.each(["CA", "ca", "us-ca", "US-CA", "Us-Ca", "California", "california", " CALIFORNIA "])(
    "%j is CA",
    (province) => {
      expect(delivered(withAddress({ province })).delivery.state).toBe("CA")
    }
  )

  it.each([
    ["District of Columbia", "DC"],
    ["new  york", "NY"],
    ["West Virginia", "WV"],
    ["dc", "DC"],
    ["Texas", "TX"],
    ["texas", "TX"],
    ["TX", "TX"],
    [" tx ", "TX"],
  ])("%j is %s", (province, code) => {
    expect(delivered(withAddress({ province })).delivery.state).toBe(code)
  })

  it.each([null, "", "XX", "PR", "us-pr", "Puerto Rico", "Calif.", "CAL", "ca-on", "Ontario", "C A"])(
    "%j is a problem naming delivery_address.province",
    (province) => {
      expect(problemsOf(withAddress({ province }))).toEqual([
        { field: "delivery_address.province", message: expect.stringContaining("not a US state") },
      ])
    }
  )
})

describe("zip from postal_code", () => {
  it.each([
    ["78701", "78701"],
    ["78701-1234", "78701"],
    [" 02134 ", "02134"],
    // A ZIP+4 without its hyphen, as checkout has always read it.
    ["787011234", "78701"],
  ])("%j is sent as %s", (postal_code, zip) => {
    expect(delivered(withAddress({ postal_code })).delivery.zip).toBe(zip)
  })

  it.each([null, "", "2134", "787011", "78701-12", "78701 1234", "7870A", "78701-12345"])(
    "%j is a problem",
    (postal_code) => {
      expect(problemsOf(withAddress({ postal_code }))).toEqual([
        { field: "delivery_address.postal_code", message: expect.stringContaining("ZIP") },
      ])
    }
  )
})

describe("country", () => {
  it.each(["us", "US"])("%j is accepted", (country_code) => {
    expect(deliveryInformationFor(withAddress({ country_code }), settings()).ok).toBe(true)
  })

  it.each([null, "", "ca", "gb"])("%j is a problem", (country_code) => {
    expect(problemsOf(withAddress({ country_code }))).toEqual([
      { field: "delivery_address.country_code", message: expect.stringContaining("US addresses only") },
    ])
  })
})

describe("method", () => {
  const option = (
    setType: string | null,
    typeCode: string | null
  ): FinancingFulfillment["shipping_option"] => ({
    name: "Option",
    provider_id: "manual_manual",
    type: typeCode === null ? null : { code: typeCode },
    service_zone: { fulfillment_set: setType === null ? null : { type: setType } },
  })

  it("is Direct when the fulfillment set's type is a direct type, in any case", () => {
    for (const type of ["pickup", "Pickup", " PICKUP "]) {
      expect(delivered(fulfillment({ shipping_option: option(type, "standard") })).delivery.method).toBe(
        "Direct"
      )
    }
  })

  it("is Direct when the shipping option type's code is a direct type", () => {
    const input = fulfillment({ shipping_option: option("shipping", "Local-Delivery") })
    expect(delivered(input).delivery.method).toBe("Direct")
  })

  it("follows the directDeliveryTypes option", () => {
    const input = fulfillment({ shipping_option: option("shipping", "courier-van") })
    expect(delivered(input).delivery.method).toBe("Shipped")
    expect(delivered(input, settings({ directDeliveryTypes: ["Courier-Van"] })).delivery.method).toBe(
      "Direct"
    )
    const pickup = fulfillment({ shipping_option: option("pickup", null) })
    expect(delivered(pickup, settings({ directDeliveryTypes: ["courier-van"] })).delivery.method).toBe(
      "Shipped"
    )
  })

  it("is Shipped without a shipping option", () => {
    expect(delivered(fulfillment({ shipping_option: null })).delivery.method).toBe("Shipped")
  })

  describe("Direct", () => {
    const pickup = (patch: Partial<FinancingFulfillment> = {}) =>
      fulfillment({ shipping_option: option("pickup", null), ...patch })

    it("uses a complete delivery address", () => {
      expect(delivered(pickup(), settings({ storeAddress: STORE })).delivery).toEqual({
        method: "Direct",
        address: "1 Main St",
        city: "Austin",
        state: "TX",
        zip: "78701",
      })
    })

    it.each([
      ["no delivery address", null],
      ["an address without a street", { ...address, address_1: null }],
      ["an address without a city", { ...address, city: " " }],
      ["an address without a province", { ...address, province: null }],
      ["an address without a postal code", { ...address, postal_code: "" }],
    ])("falls back to the store address with %s", (_case, deliveryAddress) => {
      expect(
        delivered(pickup({ delivery_address: deliveryAddress }), settings({ storeAddress: STORE }))
      ).toEqual({
        ok: true,
        delivery: {
          method: "Direct",
          address: "500 Store Rd",
          address2: "Unit 2",
          city: "Dallas",
          state: "TX",
          zip: "75201",
        },
        carrierSource: null,
      })
    })

    it("is a problem without a delivery address or a storeAddress option", () => {
      expect(problemsOf(pickup({ delivery_address: null }))).toEqual([
        { field: "storeAddress", message: expect.stringContaining("storeAddress option is not set") },
      ])
    })

    it("checks a store address like any other", () => {
      const long = { ...STORE, street: chars(51) }
      expect(problemsOf(pickup({ delivery_address: null }), settings({ storeAddress: long }))).toEqual([
        { field: "storeAddress.street", message: "storeAddress.street is longer than 50 characters" },
      ])
    })

    it("sends neither a carrier nor a tracking number", () => {
      const input = pickup({
        data: { carrier: "NationalPost" },
        labels: [{ tracking_number: "TRK1", tracking_url: null, label_url: null }],
      })
      expect(delivered(input, settings({ carrierMap: { manual_manual: "ExpressCourier" } }))).toEqual({
        ok: true,
        delivery: expect.not.objectContaining({ carrier: expect.anything() }),
        carrierSource: null,
      })
      expect(delivered(input).delivery).not.toHaveProperty("trackingNumber")
    })
  })
})

describe("tracking number", () => {
  const label = (tracking_number: string | null) => ({ tracking_number, tracking_url: null, label_url: null })

  it("is the first label's non-empty tracking number", () => {
    const input = fulfillment({ labels: [label(null), label("  "), label(" 1Z999 "), label("second")] })
    expect(delivered(input).delivery.trackingNumber).toBe("1Z999")
  })

  it.each([
    ["no labels", []],
    ["null labels", null],
    ["only empty tracking numbers", [label(""), label(null)]],
  ])("is left out with %s", (_case, labels) => {
    expect(delivered(fulfillment({ labels })).delivery).not.toHaveProperty("trackingNumber")
  })
})

describe("carrier", () => {
  const carrierOf = (input: FinancingFulfillment, options: DeliverySettings) => {
    const { delivery, carrierSource } = delivered(input, options)
    return { carrier: delivery.carrier, carrierSource }
  }

  it("maps fulfillment.data.carrier first", () => {
    const input = fulfillment({ data: { carrier: "Acme Ground" }, provider_id: "courier_courier" })
    const options = settings({
      carrierMap: { "Acme Ground": "RegionalParcelV2", courier_courier: "ExpressCourier" },
    })
    expect(carrierOf(input, options)).toEqual({
      carrier: "RegionalParcelV2",
      carrierSource: "fulfillment.data.carrier",
    })
  })

  it("maps fulfillment.provider_id when data has no carrier", () => {
    const input = fulfillment({ data: { carrier: 42 }, provider_id: "courier_courier" })
    const options = settings({
      carrierMap: { courier_courier: "ExpressCourier", "Standard Shipping": "NationalPost" },
    })
    expect(carrierOf(input, options)).toEqual({
      carrier: "ExpressCourier",
      carrierSource: "fulfillment.provider_id",
    })
  })

  it("maps shipping_option.name last", () => {
    const options = settings({ carrierMap: { "Standard Shipping": "NationalPost" } })
    expect(carrierOf(fulfillment(), options)).toEqual({
      carrier: "NationalPost",
      carrierSource: "shipping_option.name",
    })
  })

  it("matches a map key differing in case when no key matches exactly", () => {
    const options = settings({
      carrierMap: { "standard shipping": "NationalPost", "STANDARD SHIPPING": "ExpressCourier" },
    })
    expect(carrierOf(fulfillment(), options).carrier).toBe("NationalPost")
    const exact = settings({
      carrierMap: { "standard shipping": "NationalPost", "Standard Shipping": "ExpressCourier" },
    })
    expect(carrierOf(fulfillment(), exact).carrier).toBe("ExpressCourier")
  })

  it("takes a value that is itself a listed code, in the list's spelling", () => {
    expect(carrierOf(fulfillment({ data: { carrier: "expresscourier" } }), settings())).toEqual({
      carrier: "ExpressCourier",
      carrierSource: "fulfillment.data.carrier",
    })
    const named = fulfillment({ shipping_option: { name: "NationalPost" } })
    expect(carrierOf(named, settings())).toEqual({
      carrier: "NationalPost",
      carrierSource: "shipping_option.name",
    })
  })

  it("is left out when nothing is known, never guessed", () => {
    const input = fulfillment({
      data: { carrier: "Some Van" },
      provider_id: "fp_x",
      shipping_option: { name: "Fast" },
    })
    expect(carrierOf(input, settings({ carrierMap: { Slow: "NationalPost" } }))).toEqual({
      carrier: undefined,
      carrierSource: null,
    })
    expect(delivered(input).delivery).not.toHaveProperty("carrier")
  })

  it("is left out when mapped to a code outside the carrier list, even if a later source maps well", () => {
    const input = fulfillment({ data: { carrier: "Acme Ground" } })
    const options = settings({
      carrierMap: { "Acme Ground": "UnlistedCarrier", "Standard Shipping": "NationalPost" },
    })
    expect(carrierOf(input, options)).toEqual({ carrier: undefined, carrierSource: null })
  })

  it("is left out with an empty carrier list", () => {
    const options = settings({ carriers: [], carrierMap: { "Standard Shipping": "NationalPost" } })
    expect(carrierOf(fulfillment({ data: { carrier: "NationalPost" } }), options).carrier).toBeUndefined()
  })

  it("skips an unknown earlier source and maps a later one", () => {
    const input = fulfillment({ data: { carrier: "Unknown Co" } })
    const options = settings({ carrierMap: { manual_manual: "ExpressCourier" } })
    expect(carrierOf(input, options)).toEqual({
      carrier: "ExpressCourier",
      carrierSource: "fulfillment.provider_id",
    })
  })

  it("ignores inherited object keys", () => {
    expect(carrierOf(fulfillment({ data: { carrier: "toString" } }), settings()).carrier).toBeUndefined()
  })
})
