import { isPoBox } from "../../lib/financing/schemas"
import { usStateCode, usZipCode } from "../us-address"

/**
 * Why financing cannot be offered for a cart, as a stable key a storefront can branch on. The same keys
 * come from the eligibility route (before the click) and from a refused session start (after it).
 */
export type CheckoutProblemCode =
  | "cart_completed"
  | "region_not_enabled"
  | "currency_not_usd"
  | "cart_empty"
  | "total_not_positive"
  | "total_below_minimum"
  | "total_above_maximum"
  | "address_not_us"
  | "state_not_financed"
  | "first_name_missing"
  | "first_name_too_long"
  | "last_name_missing"
  | "last_name_too_long"
  | "phone_missing"
  | "phone_not_us_mobile"
  | "email_invalid"
  | "email_too_long"
  | "street_missing"
  | "street_too_long"
  | "po_box"
  | "suite_too_long"
  | "city_missing"
  | "city_too_long"
  | "state_invalid"
  | "zip_invalid"
  | "application_invalid"
  | "items_not_leasable"

/**
 * Something the shopper must fix before financing can be offered. `message` is a sentence the shopper can
 * act on and names no field path (a storefront shows it as it is); `field` and `code` are for the
 * storefront's logic, such as highlighting the input at fault.
 */
export interface CheckoutProblem {
  code: CheckoutProblemCode
  /** The cart field at fault, e.g. `billing_address.phone` or `total`; null when no single field is. */
  field: string | null
  message: string
  /** For the store's log only, never the shopper: what the contract's own check refused, by path and rule. */
  detail?: string
  /** The cart lines at fault, for a problem about some of them (items_not_leasable): a storefront marks them. */
  items?: ProblemItem[]
}

export interface ProblemItem {
  line_item_id: string
  title: string
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: CheckoutProblem }

const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
const problem = (code: CheckoutProblemCode, field: string, message: string): Checked<never> => ({
  ok: false,
  problem: { code, field, message },
})

export const PHONE_MESSAGE = "Enter a US mobile phone number, such as 512-555-0100."

/**
 * A US phone number as the service wants it (999-999-9999), from what shoppers type: "+1 (512) 555-0100",
 * "1-512-555-0100", "512.555.0100". Area and exchange codes cannot start with 0 or 1 in the US plan.
 */
export function usPhone(field: string, raw: string | null | undefined): Checked<string> {
  if (!raw?.trim()) return problem("phone_missing", field, PHONE_MESSAGE)
  // "+45 32 12 34 56" is a Danish number that happens to have ten digits once the plus is dropped.
  if (/^\s*(\+|00)\s*(?!1)/.test(raw)) return problem("phone_not_us_mobile", field, PHONE_MESSAGE)
  const digits = raw.replace(/\D/g, "")
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return problem("phone_not_us_mobile", field, PHONE_MESSAGE)
  return ok(`${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`)
}

/** A state as usStateCode reads it: "tx", "TX", "US-TX" and "Texas" are all TX. */
export function usState(field: string, raw: string | null | undefined): Checked<string> {
  const code = usStateCode(raw)
  return code ? ok(code) : problem("state_invalid", field, "Enter a US state, such as TX.")
}

/** A 5-digit ZIP as usZipCode reads it, also from a ZIP+4 ("78701-1234"). */
export function usZip(field: string, raw: string | null | undefined): Checked<string> {
  const zip = usZipCode(raw)
  return zip ? ok(zip) : problem("zip_invalid", field, "Enter a 5-digit US ZIP code, such as 78701.")
}

export function street(field: string, raw: string | null | undefined, maxLength: number): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem("street_missing", field, "Enter a street address.")
  if (isPoBox(value)) {
    return problem("po_box", field, "Enter a street address: a PO box cannot be used to pay over time.")
  }
  if (value.length > maxLength) {
    return problem(
      "street_too_long",
      field,
      `Shorten the street address to ${maxLength} characters or fewer; an apartment or suite goes on the second line.`
    )
  }
  return ok(value)
}

/** "Apt 4B", "Suite 200", "#12" → "4B", "200", "12": the service allows 5 characters for the number. */
export function suite(
  field: string,
  raw: string | null | undefined,
  maxLength: number
): Checked<string | undefined> {
  const value = (raw ?? "")
    .trim()
    .replace(/^(?:(?:apartment|apt|suite|ste|unit)(?![a-z])\.?\s*#?|#)\s*/i, "")
    .trim()
  if (!value) return ok(undefined)
  if (value.length > maxLength) {
    return problem(
      "suite_too_long",
      field,
      `Shorten the apartment or suite number to ${maxLength} characters or fewer.`
    )
  }
  return ok(value)
}

/** A required line of text the shopper typed, named as the shopper knows it ("your first name"). */
export interface TextSubject {
  code: "first_name" | "last_name" | "city"
  name: string
}

export const FIRST_NAME: TextSubject = { code: "first_name", name: "your first name" }
export const LAST_NAME: TextSubject = { code: "last_name", name: "your last name" }
export const CITY: TextSubject = { code: "city", name: "the city" }

export function text(
  field: string,
  raw: string | null | undefined,
  maxLength: number,
  subject: TextSubject
): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem(`${subject.code}_missing`, field, `Enter ${subject.name}.`)
  if (value.length > maxLength) {
    return problem(
      `${subject.code}_too_long`,
      field,
      `Shorten ${subject.name} to ${maxLength} characters or fewer.`
    )
  }
  return ok(value)
}
