import { isPoBox } from "../../lib/financing/schemas"
import { usStateCode, usZipCode } from "../us-address"

/** Something the shopper must fix before financing can be offered, said so a shopper can act on it. */
export interface CheckoutProblem {
  /** The cart field at fault, e.g. `billing_address.phone`. */
  field: string
  message: string
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: CheckoutProblem }

const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
const problem = (field: string, message: string): Checked<never> => ({
  ok: false,
  problem: { field, message },
})

/**
 * A US phone number as the service wants it (999-999-9999), from what shoppers type: "+1 (512) 555-0100",
 * "1-512-555-0100", "512.555.0100". Area and exchange codes cannot start with 0 or 1 in the US plan.
 */
export function usPhone(field: string, raw: string | null | undefined): Checked<string> {
  // "+45 32 12 34 56" is a Danish number that happens to have ten digits once the plus is dropped.
  if (/^\s*(\+|00)\s*(?!1)/.test(raw ?? "")) {
    return problem(field, "a US mobile phone number is required (10 digits, such as 512-555-0100)")
  }
  const digits = (raw ?? "").replace(/\D/g, "")
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits
  if (!raw || !/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) {
    return problem(field, "a US mobile phone number is required (10 digits, such as 512-555-0100)")
  }
  return ok(`${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`)
}

/** A state as usStateCode reads it: "tx", "TX", "US-TX" and "Texas" are all TX. */
export function usState(field: string, raw: string | null | undefined): Checked<string> {
  const code = usStateCode(raw)
  return code ? ok(code) : problem(field, "a US state (two letters, such as TX) is required")
}

/** A 5-digit ZIP as usZipCode reads it, also from a ZIP+4 ("78701-1234"). */
export function usZip(field: string, raw: string | null | undefined): Checked<string> {
  const zip = usZipCode(raw)
  return zip ? ok(zip) : problem(field, "a 5-digit US ZIP code is required")
}

export function street(field: string, raw: string | null | undefined, maxLength: number): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem(field, "a street address is required")
  if (isPoBox(value))
    return problem(field, "a street address is required: PO boxes cannot be used for financing")
  if (value.length > maxLength)
    return problem(field, `the street address must be at most ${maxLength} characters`)
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
    return problem(field, `the apartment or suite number must be at most ${maxLength} characters`)
  }
  return ok(value)
}

export function text(
  field: string,
  raw: string | null | undefined,
  maxLength: number,
  what: string
): Checked<string> {
  const value = (raw ?? "").trim()
  if (!value) return problem(field, `${what} is required`)
  if (value.length > maxLength) return problem(field, `${what} must be at most ${maxLength} characters`)
  return ok(value)
}
