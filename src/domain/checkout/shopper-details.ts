import { isPoBox } from "../../lib/financing/schemas"
import {
  SHOPPER_CATALOGUES,
  type ShopperLanguage,
  type ShopperTextKey,
  type ShopperTextParams,
  shopperText,
} from "../shopper-text"
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

/** Every code has its sentence in the shopper's catalogue: a code without one does not compile. */
export type CheckoutProblemCodesHaveSentences = CheckoutProblemCode extends ShopperTextKey ? true : never
const EVERY_CODE_HAS_A_SENTENCE: CheckoutProblemCodesHaveSentences = true
void EVERY_CODE_HAS_A_SENTENCE

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
  /** The values its sentence names (a length, a state), so the store's edge can say it in the shopper's language. */
  params?: Record<string, unknown>
  /** The cart lines at fault, for a problem about some of them (items_not_leasable): a storefront marks them. */
  items?: ProblemItem[]
}

export interface ProblemItem {
  line_item_id: string
  title: string
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: CheckoutProblem }

const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
/**
 * A problem, its sentence in English from the shopper's catalogue (src/domain/shopper-text) and the values
 * it names, which a store route uses to say it again in the request's language (problemMessage).
 */
export function checkoutProblem<Code extends CheckoutProblemCode>(
  code: Code,
  field: string | null,
  ...params: ShopperTextParams<Code>
): CheckoutProblem {
  const values = params[0] as Record<string, unknown> | undefined
  return { code, field, message: shopperText("en", code, ...params), ...(values && { params: values }) }
}

/** A problem's sentence in another language, from its code and the values it names. */
export function problemMessage(
  problem: Pick<CheckoutProblem, "code" | "params">,
  language: ShopperLanguage
): string {
  const sentence = SHOPPER_CATALOGUES[language][problem.code] as (values?: Record<string, unknown>) => string
  return sentence(problem.params)
}

const problem = <Code extends CheckoutProblemCode>(
  code: Code,
  field: string,
  ...params: ShopperTextParams<Code>
): Checked<never> => ({ ok: false, problem: checkoutProblem(code, field, ...params) })

/**
 * A US phone number as the service wants it (999-999-9999), from what shoppers type: "+1 (512) 555-0100",
 * "1-512-555-0100", "512.555.0100". Area and exchange codes cannot start with 0 or 1 in the US plan.
 */
export function usPhone(field: string, raw: string | null | undefined): Checked<string> {
  if (!raw?.trim()) return problem("phone_missing", field)
  // "+45 32 12 34 56" is a Danish number that happens to have ten digits once the plus is dropped.
  if (/^\s*(\+|00)\s*(?!1)/.test(raw)) return problem("phone_not_us_mobile", field)
  const digits = raw.replace(/\D/g, "")
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return problem("phone_not_us_mobile", field)
  return ok(`${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`)
}

/** A state as usStateCode reads it: "tx", "TX", "US-TX" and "Texas" are all TX. */
export function usState(field: string, raw: string | null | undefined): Checked<string> {
  const code = usStateCode(raw)
  return code ? ok(code) : problem("state_invalid", field)
}

/** A 5-digit ZIP as usZipCode reads it, also from a ZIP+4 ("78701-1234"). */
export function usZip(field: string, raw: string | null | undefined): Checked<string> {
  const zip = usZipCode(raw)
  return zip ? ok(zip) : problem("zip_invalid", field)
}

export function street(field: string, raw: string | null | undefined, maxLength: number): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem("street_missing", field)
  if (isPoBox(value)) {
    return problem("po_box", field)
  }
  if (value.length > maxLength) {
    return problem("street_too_long", field, { max: maxLength })
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
    return problem("suite_too_long", field, { max: maxLength })
  }
  return ok(value)
}

/** A required line of text the shopper typed: its problems' codes start with `code` (the catalogue names it). */
export interface TextSubject {
  code: "first_name" | "last_name" | "city"
}

export const FIRST_NAME: TextSubject = { code: "first_name" }
export const LAST_NAME: TextSubject = { code: "last_name" }
export const CITY: TextSubject = { code: "city" }

export function text(
  field: string,
  raw: string | null | undefined,
  maxLength: number,
  subject: TextSubject
): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem(`${subject.code}_missing`, field)
  if (value.length > maxLength) {
    return problem(`${subject.code}_too_long`, field, { max: maxLength })
  }
  return ok(value)
}
