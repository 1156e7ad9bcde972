import { z } from "zod"

import { centsFromDecimal, fromCents, hasAtMostTwoDecimals } from "../money"

/** Spec 2.2 / 2.6: "pattern 999-999-9999 or 9999999999". */
export const PHONE_PATTERN = /^(\d{3}-\d{3}-\d{4}|\d{10})$/
export const Phone = z
  .string()
  .regex(PHONE_PATTERN, { message: "must be a US phone number written 999-999-9999 or 9999999999" })

/** 50 states and DC: the spec asks for "a valid US state abbreviation"; territories are not states. */
export const US_STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
  "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC",
  "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
] as const // prettier-ignore
const US_STATE_SET: ReadonlySet<string> = new Set(US_STATES)

export const UsState = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "must be exactly 2 upper-case letters" })
  .refine((code) => US_STATE_SET.has(code), { message: "must be a US state abbreviation" })

/**
 * The spec caps ZIP codes at 5 characters; a US ZIP is exactly 5 digits, and a 4-digit one is almost always
 * a leading zero lost by a spreadsheet, so it is refused rather than sent.
 */
export const ZipCode = z.string().regex(/^\d{5}$/, { message: "must be a 5-digit US ZIP code" })

/** PO boxes: "PO Box 1", "P.O. Box", "PO-Box", "Post Office Box", "POB 12", "Box 123", "Box9", "P O Drawer". */
const PO_BOX_PATTERN =
  /(\bp[\s.-]*o[\s.-]*(box|drawer|b\.?)[\s.-]*\d)|(\bp[\s.-]*o[\s.-]*(box|drawer)\b)|(\bpost\s+office\s+(box|drawer)\b)|(^\s*box[\s.-]*\d)/i
export function isPoBox(street: string): boolean {
  return PO_BOX_PATTERN.test(street)
}

export const maxChars = (max: number) => z.string().max(max, { message: `must be at most ${max} characters` })

/** Present and not blank; the value is sent as given, never trimmed behind the caller's back. */
export const nonBlank = z
  .string({ message: "is required" })
  .refine((value) => value.trim().length > 0, { message: "must not be blank" })

/**
 * A value that becomes one segment of a URL path. "." and ".." are refused: URL parsing resolves them, and
 * the request would reach another endpoint.
 */
export const PathSegment = nonBlank.refine((value) => value !== "." && value !== "..", {
  message: 'must not be "." or ".."',
})

export const requiredText = (max: number) =>
  nonBlank.refine((value) => value.length <= max, { message: `must be at most ${max} characters` })

export { hasAtMostTwoDecimals }

/** Money on the wire is a decimal in major units, in whole cents (see hasAtMostTwoDecimals). */
export const Money = z
  .number({ message: "must be a number" })
  .finite({ message: "must be a finite number" })
  .refine(hasAtMostTwoDecimals, { message: "must have at most 2 decimal places (whole cents)" })
  // Float noise (0.1 + 0.2) is within the tolerance above; what is sent is the exact cent amount.
  .transform((value) => fromCents(centsFromDecimal(value)))

export const PositiveMoney = Money.refine((value) => value > 0, { message: "must be greater than 0" })

/**
 * Amounts read from the service: a JSON number, or a decimal string from a lenient server. Anything else
 * (NaN, "12,50", a boolean) is a parse failure, never a guess, because these figures move money.
 */
export const ResponseMoney = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, { message: "must be a decimal number" })
    .transform(Number),
])

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A calendar date 'YYYY-MM-DD' that exists (no 2025-02-30). */
export const CalendarDate = z
  .string()
  .regex(ISO_DATE_PATTERN, { message: "must be a date written YYYY-MM-DD" })
  .refine(isRealCalendarDate, { message: "must be a real calendar date" })

export function isRealCalendarDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Whole years between a birth date (YYYY-MM-DD) and today, by the calendar, not by 365-day years. */
export function ageInYears(birthDate: string, today: Date = new Date()): number {
  const [year, month, day] = birthDate.slice(0, 10).split("-").map(Number)
  let age = today.getUTCFullYear() - year
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

export const MINIMUM_AGE = 18

const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/

/** Hours, minutes, seconds and offset of an ISO date-time are within their ranges (no 25:00, no +25:00). */
function hasRealTime(match: RegExpExecArray): boolean {
  const [, , hours, minutes, seconds, offsetHours, offsetMinutes] = match
  const within = (value: string | undefined, max: number) => value === undefined || Number(value) <= max
  return (
    within(hours, 23) &&
    within(minutes, 59) &&
    within(seconds, 59) &&
    within(offsetHours, 23) &&
    within(offsetMinutes, 59)
  )
}

/**
 * dateOfBirth is a "datetime" in the spec. A birth date is a calendar day, so the date part decides;
 * 'YYYY-MM-DD' and 'YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]' are both accepted. One rule is reported at a
 * time, so a malformed value is not also called under age.
 */
export const DateOfBirth = z.string().superRefine((value, context) => {
  const match = DATE_TIME_PATTERN.exec(value)
  if (!match || !hasRealTime(match)) {
    context.addIssue({ code: "custom", message: "must be an ISO 8601 date (YYYY-MM-DD) or date-time" })
  } else if (!isRealCalendarDate(match[1])) {
    context.addIssue({ code: "custom", message: "must be a real calendar date" })
  } else if (ageInYears(match[1]) < MINIMUM_AGE) {
    context.addIssue({ code: "custom", message: `the customer must be at least ${MINIMUM_AGE} years old` })
  }
})

/** Absolute http(s) URLs only: a shopper is sent there, so javascript: and data: must never pass. */
export const HttpUrl = z.string().refine(isHttpUrl, { message: "must be an absolute http(s) URL" })

export function isHttpUrl(value: string): boolean {
  // The URL parser forgives spaces and a missing "//", but the text is sent as written.
  if (value.trim() !== value || !/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0
  } catch {
    return false
  }
}

export const Email = z
  .string()
  .max(100, { message: "must be at most 100 characters" })
  .pipe(z.email({ message: "must be an email address" }))

/**
 * Carrier codes are single CamelCase tokens (spec 2.7); the closed list of 75 belongs to the operator, so
 * without it the shape is all that can be checked.
 */
export const CARRIER_CODE_PATTERN = /^[A-Z][A-Za-z0-9]*$/
