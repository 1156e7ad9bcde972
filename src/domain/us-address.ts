import { US_STATES } from "../lib/financing/schemas"

/*
 * What a shopper or storefront typed into a US address, read as the service wants it. Checkout (the
 * applicant's address) and post-sale (the delivery address) read the same Medusa address fields, so one
 * reading serves both: an address accepted at checkout is never refused at delivery, nor the other way.
 */

export type UsStateCode = (typeof US_STATES)[number]

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES)

const STATE_NAMES: Readonly<Record<string, UsStateCode>> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO",
  connecticut: "CT", delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA",
  hawaii: "HI", idaho: "ID", illinois: "IL", indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY",
  louisiana: "LA", maine: "ME", maryland: "MD", massachusetts: "MA", michigan: "MI", minnesota: "MN",
  mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE", nevada: "NV", "new hampshire": "NH",
  "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
  ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "rhode island": "RI",
  "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT",
  virginia: "VA", washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
} // prettier-ignore

/**
 * The state's two-letter code from a Medusa province, or undefined when it names no US state. Medusa stores
 * whatever the storefront sent: a code in either case, an ISO 3166-2 subdivision ("us-ca", Medusa's own
 * region data) or the full name ("Texas"). Territories are not states (spec), so "PR" is undefined.
 */
export function usStateCode(province: string | null | undefined): UsStateCode | undefined {
  const text = (province ?? "").trim().replace(/\s+/g, " ")
  const code = text.replace(/^us-/i, "").toUpperCase()
  if (/^[A-Z]{2}$/.test(code) && STATE_CODES.has(code)) return code as UsStateCode
  return STATE_NAMES[text.toLowerCase()]
}

/**
 * The 5-digit ZIP from a postal code: "78701", or a ZIP+4 with or without its hyphen ("78701-1234",
 * "787011234"), whose extra digits the service has no room for and which lose no delivery area.
 * A 4-digit ZIP is undefined: it is almost always a leading zero a spreadsheet dropped, never guessed back.
 */
export function usZipCode(postalCode: string | null | undefined): string | undefined {
  return /^(\d{5})(?:-?\d{4})?$/.exec((postalCode ?? "").trim())?.[1]
}
