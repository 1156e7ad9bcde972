import { DeliveryInformation } from "../../lib/financing/schemas"
import { issuesOf } from "../../lib/financing/validation"
import type { RetailFinancingOptions } from "../../config/options"
import type { FinancingCartAddress } from "../checkout/cart"
import { usStateCode, usZipCode } from "../us-address"

/*
 * Turns a Medusa fulfillment into the service's delivery information (spec 2.7). Pure: the caller reads
 * the fulfillment with FINANCING_FULFILLMENT_FIELDS and passes the provider options it already parsed.
 * Nothing is guessed or shortened: a value the service would refuse, or one that would have to be cut to
 * fit, is a problem for a person to fix, because the delivery record is part of the lender's contract file.
 */

/** The fields of entity "fulfillment" that deliveryInformationFor reads, for query.graph. */
export const FINANCING_FULFILLMENT_FIELDS = [
  "id",
  "provider_id",
  "shipped_at",
  "delivered_at",
  "data",
  "labels.tracking_number",
  "labels.tracking_url",
  "labels.label_url",
  "delivery_address.address_1",
  "delivery_address.address_2",
  "delivery_address.city",
  "delivery_address.province",
  "delivery_address.postal_code",
  "delivery_address.country_code",
  "shipping_option.name",
  "shipping_option.provider_id",
  // The fulfillment module names these relations `type` and `service_zone.fulfillment_set`.
  "shipping_option.type.code",
  "shipping_option.service_zone.fulfillment_set.type",
]

/** A Medusa address, as checkout reads it, less the person: a delivery goes to a place. */
export type FinancingDeliveryAddress = Omit<FinancingCartAddress, "first_name" | "last_name" | "phone">

export interface FinancingFulfillmentLabel {
  tracking_number?: string | null
  tracking_url?: string | null
  label_url?: string | null
}

/**
 * A fulfillment as query.graph returns it with FINANCING_FULFILLMENT_FIELDS. Relations may be missing or
 * null (a deleted shipping option, a fulfillment created without an address), so every level is optional.
 */
export interface FinancingFulfillment {
  id: string
  provider_id?: string | null
  shipped_at?: Date | string | null
  delivered_at?: Date | string | null
  data?: Record<string, unknown> | null
  labels?: FinancingFulfillmentLabel[] | null
  delivery_address?: FinancingDeliveryAddress | null
  shipping_option?: {
    name?: string | null
    provider_id?: string | null
    type?: { code?: string | null } | null
    service_zone?: { fulfillment_set?: { type?: string | null } | null } | null
  } | null
}

export type DeliverySettings = Pick<
  RetailFinancingOptions,
  "carriers" | "carrierMap" | "directDeliveryTypes" | "storeAddress"
>

export interface DeliveryProblem {
  field: string
  message: string
}

export type DeliveryInformationResult =
  | { ok: true; delivery: DeliveryInformation; carrierSource: string | null }
  | { ok: false; problems: DeliveryProblem[] }

/** Where a carrier was found: the fulfillment field whose value matched carrierMap or carriers. */
export type CarrierSource = "fulfillment.data.carrier" | "fulfillment.provider_id" | "shipping_option.name"

export function deliveryInformationFor(
  fulfillment: FinancingFulfillment,
  settings: DeliverySettings
): DeliveryInformationResult {
  const method = isDirect(fulfillment, settings.directDeliveryTypes) ? "Direct" : "Shipped"
  const address = method === "Direct" ? directAddress(fulfillment, settings) : shippedAddress(fulfillment)
  if (!address.ok) return address

  // A hand-over in the store or by the store's own van has no carrier and no parcel to track, whatever
  // fulfillment provider the shipping option happens to use.
  const carrier = method === "Shipped" ? carrierFor(fulfillment, settings) : null
  const trackingNumber = method === "Shipped" ? firstTrackingNumber(fulfillment.labels) : undefined

  const candidate: DeliveryInformation = {
    method,
    ...(carrier && { carrier: carrier.code }),
    ...(trackingNumber !== undefined && { trackingNumber }),
    ...address.value,
  }
  // The rules above are meant to be the schema's; this catches the day they drift apart.
  const checked = DeliveryInformation.safeParse(candidate)
  if (!checked.success) {
    return {
      ok: false,
      problems: issuesOf(checked.error).map((issue) => ({
        field: `delivery.${issue.path}`,
        message: `delivery.${issue.path} ${issue.message}`,
      })),
    }
  }
  return { ok: true, delivery: checked.data, carrierSource: carrier?.source ?? null }
}

// ---------------------------------------------------------------------------------------------------------
// Method

function isDirect(fulfillment: FinancingFulfillment, directTypes: readonly string[]): boolean {
  const direct = new Set(directTypes.map(normalise))
  const option = fulfillment.shipping_option
  const kinds = [option?.service_zone?.fulfillment_set?.type, option?.type?.code]
  return kinds.some((kind) => typeof kind === "string" && direct.has(normalise(kind)))
}

const normalise = (value: string) => value.trim().toLowerCase()

// ---------------------------------------------------------------------------------------------------------
// Carrier

function carrierFor(
  fulfillment: FinancingFulfillment,
  settings: DeliverySettings
): { code: string; source: CarrierSource } | null {
  const candidates: [CarrierSource, unknown][] = [
    ["fulfillment.data.carrier", fulfillment.data?.carrier],
    ["fulfillment.provider_id", fulfillment.provider_id],
    ["shipping_option.name", fulfillment.shipping_option?.name],
  ]
  for (const [source, value] of candidates) {
    if (typeof value !== "string" || value.trim() === "") continue
    const mapped = lookUp(settings.carrierMap, value)
    if (mapped !== undefined) {
      // The operator named this carrier for this value; a weaker source must not overrule a broken entry
      // with a different carrier, so the carrier is left out instead.
      const code = listed(settings.carriers, mapped)
      return code === undefined ? null : { code, source }
    }
    const code = listed(settings.carriers, value)
    if (code !== undefined) return { code, source }
  }
  return null
}

/** carrierMap[value], by exact key first, then by a key differing only in case and surrounding spaces. */
function lookUp(map: Readonly<Record<string, string>>, value: string): string | undefined {
  if (Object.hasOwn(map, value)) return map[value]
  const wanted = normalise(value)
  const key = Object.keys(map).find((candidate) => normalise(candidate) === wanted)
  return key === undefined ? undefined : map[key]
}

/** The list's own spelling of a code, since the service compares codes exactly. */
function listed(carriers: readonly string[], value: string): string | undefined {
  const wanted = normalise(value)
  return carriers.find((code) => code.toLowerCase() === wanted)
}

// ---------------------------------------------------------------------------------------------------------
// Tracking number

function firstTrackingNumber(labels: FinancingFulfillmentLabel[] | null | undefined): string | undefined {
  for (const label of labels ?? []) {
    const number = label.tracking_number?.trim()
    if (number) return number
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------
// Address

type AddressPart = Pick<DeliveryInformation, "address" | "address2" | "city" | "state" | "zip">
type AddressResult = { ok: true; value: AddressPart } | { ok: false; problems: DeliveryProblem[] }

const MAX_LINE = 50

function shippedAddress(fulfillment: FinancingFulfillment): AddressResult {
  const address = fulfillment.delivery_address
  if (!address) {
    return problems([{ field: "delivery_address", message: "delivery_address is missing for a shipment" }])
  }
  return fromDeliveryAddress(address)
}

function directAddress(fulfillment: FinancingFulfillment, settings: DeliverySettings): AddressResult {
  const address = fulfillment.delivery_address
  if (address && isComplete(address)) return fromDeliveryAddress(address)
  const store = settings.storeAddress
  if (!store) {
    return problems([
      {
        field: "storeAddress",
        message:
          "the fulfillment has no complete delivery_address and the storeAddress option is not set, so there is no hand-over address",
      },
    ])
  }
  return normaliseAddress({
    lines: [
      ["storeAddress.street", store.street, true],
      ["storeAddress.street2", store.street2, false],
      ["storeAddress.city", store.city, true],
    ],
    state: ["storeAddress.state", store.state],
    zip: ["storeAddress.zip", store.zip],
    // The option's schema only takes US states, so the store is in the US.
    country: null,
  })
}

function isComplete(address: FinancingDeliveryAddress): boolean {
  return [address.address_1, address.city, address.province, address.postal_code].every(
    (value) => typeof value === "string" && value.trim() !== ""
  )
}

function fromDeliveryAddress(address: FinancingDeliveryAddress): AddressResult {
  return normaliseAddress({
    lines: [
      ["delivery_address.address_1", address.address_1, true],
      ["delivery_address.address_2", address.address_2, false],
      ["delivery_address.city", address.city, true],
    ],
    state: ["delivery_address.province", address.province],
    zip: ["delivery_address.postal_code", address.postal_code],
    country: ["delivery_address.country_code", address.country_code],
  })
}

type Field = [field: string, value: string | null | undefined]

function normaliseAddress(input: {
  lines: [field: string, value: string | null | undefined, required: boolean][]
  state: Field
  zip: Field
  country: Field | null
}): AddressResult {
  const found: DeliveryProblem[] = []
  const lines = input.lines.map(([field, value, required]) => {
    const text = value?.trim() ?? ""
    if (text === "") {
      if (required) found.push({ field, message: `${field} is missing` })
      return undefined
    }
    if (text.length > MAX_LINE) {
      found.push({ field, message: `${field} is longer than ${MAX_LINE} characters` })
      return undefined
    }
    return text
  })

  if (input.country) {
    const [field, value] = input.country
    const country = value?.trim() ?? ""
    if (country.toLowerCase() !== "us") {
      found.push({
        field,
        message:
          country === ""
            ? `${field} is missing; the service takes US addresses only`
            : `${field} is "${country}"; the service takes US addresses only`,
      })
    }
  }

  const state = usStateCode(input.state[1])
  if (state === undefined) {
    found.push({
      field: input.state[0],
      message: `${input.state[0]} is not a US state: use a code such as CA or a name such as California`,
    })
  }

  const zip = usZipCode(input.zip[1])
  if (zip === undefined) {
    found.push({ field: input.zip[0], message: `${input.zip[0]} is not a US ZIP code (12345 or 12345-6789)` })
  }

  if (found.length > 0 || state === undefined || zip === undefined) return problems(found)
  const [address, address2, city] = lines
  return {
    ok: true,
    value: {
      address: address ?? "",
      ...(address2 !== undefined && { address2 }),
      city: city ?? "",
      state,
      zip,
    },
  }
}

const problems = (list: DeliveryProblem[]): { ok: false; problems: DeliveryProblem[] } => ({
  ok: false,
  problems: list,
})
