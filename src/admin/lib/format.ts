/**
 * Pure formatting for the retail financing admin screens: no React, no fetch, so it can be unit-tested
 * under node without a DOM. Money, dates and placeholders here; the words for statuses in status-words.ts,
 * for what is sent to the lender in action-words.ts.
 */

import { centsFromDecimal, formatUsd } from "../../lib/financing/money"

export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

export const EMPTY = "—"

/**
 * `$1,234.56`; `—` when the service has not given the amount. Cents come from the plugin's one conversion
 * (the number's decimal spelling, rounded half up), so the admin never shows a cent the server does not.
 */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) {
    return EMPTY
  }
  return formatUsd(centsFromDecimal(dollars))
}

/**
 * What the merchant typed as a partial return amount, as dollars, or null when it is not a positive amount
 * with at most two decimals. Commas and a leading `$` are accepted because that is how amounts are shown.
 */
export function parseDollarInput(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, "").replace(/,/g, "")
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) {
    return null
  }
  const cents = centsFromDecimal(Number(cleaned))
  return cents > 0 ? cents / 100 : null
}

/** Date and time in US English; the time zone is a parameter so tests do not depend on the machine's. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) {
    return EMPTY
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    return value
  }
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(date)
}

/**
 * A calendar date from the service (`YYYY-MM-DD`, or a datetime on the list endpoint's answer). The day is
 * shown as the service wrote it: parsed as a Date and shown in the browser's zone, `2025-03-04` (and the
 * list's `2025-03-04T02:00:00Z` for the same payment) would read Mar 3 west of UTC, a day off from what the
 * lender reports.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) {
    return EMPTY
  }
  const written = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value)
  if (written) {
    const [, year, month, day] = written
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
    )
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    return value
  }
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(date)
}

/** `PendingApproval` as "Pending approval": a service's PascalCase code as words. */
export function codeAsWords(code: string): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A placeholder for values the service has not sent, so empty cells never look like missing UI. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? EMPTY : value
}
/**
 * Newest first by an ISO timestamp. Entries with the same time keep the reverse of the order the API gave,
 * which is the order they were written in; unparseable times sink to the end.
 */
export function newestFirst<T>(items: readonly T[], at: (item: T) => string | null | undefined): T[] {
  const time = (item: T) => {
    const parsed = Date.parse(at(item) ?? "")
    return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed
  }
  return [...items].reverse().sort((a, b) => {
    const diff = time(b) - time(a)
    return Number.isNaN(diff) ? 0 : diff
  })
}

const INVOICE_TRIGGER_LABELS: Record<string, string> = {
  fulfillment: "When the order is fulfilled",
  order_placed: "When the order is placed",
}

export function invoiceTriggerLabel(trigger: string): string {
  return INVOICE_TRIGGER_LABELS[trigger] ?? trigger
}
