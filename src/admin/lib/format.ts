/**
 * Pure formatting for the retail financing admin screens: no React, no fetch, so it can be unit-tested
 * under node without a DOM.
 */

import type { ApplicationStage } from "../../domain/checkout/status-map"
import type { ActionKind, ActionState } from "../../domain/post-sale/action-kinds"

export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const EMPTY = "—"

/**
 * Dollars (a decimal number as the API sends it) to integer cents, rounding half away from zero on the
 * decimal digits the number prints as. Multiplying by 100 instead would turn 1.005 into 100.49999… cents.
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) {
    throw new RangeError(`Not a finite amount: ${dollars}`)
  }
  const sign = dollars < 0 ? -1 : 1
  const text = Math.abs(dollars).toString()
  // Exponent notation only appears for amounts far outside anything a cart can hold.
  if (/e/i.test(text)) {
    return sign * Math.round(Math.abs(dollars) * 100)
  }
  const [whole, fraction = ""] = text.split(".")
  const digits = fraction.padEnd(3, "0")
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0)
  return cents === 0 ? 0 : sign * cents
}

/** `$1,234.56`; `—` when the service has not given the amount. */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) {
    return EMPTY
  }
  const cents = toCents(dollars)
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  const rest = (abs % 100).toString().padStart(2, "0")
  return `${cents < 0 ? "-" : ""}$${whole}.${rest}`
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
  const cents = toCents(Number(cleaned))
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
 * A calendar date from the service (`YYYY-MM-DD` or a datetime). A bare date is shown as written: parsing
 * it as a Date would move it to the previous day west of UTC.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) {
    return EMPTY
  }
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (bare) {
    const [, year, month, day] = bare
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

const APPLICATION_STATUS_LABELS: Record<string, string> = {
  Pending: "Pending",
  "Pre-qualified": "Pre-qualified",
  Ineligible: "Ineligible",
  Declined: "Declined",
  Approved: "Approved",
  PendingApproval: "Pending approval",
  SignedWaitingForInvoice: "Signed, waiting for invoice",
  SignedWaitingForInvoiceApproval: "Signed, waiting for invoice approval",
  Signed: "Signed",
  Funded: "Funded",
  PendingReturn: "Return pending",
  Returned: "Returned",
  Expired: "Expired",
  Error: "Error",
}

/** `PendingApproval` as "Pending approval": the service's PascalCase code as words. */
function statusCodeAsWords(status: string): string {
  const words = status.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The service's status names are PascalCase codes; merchants read them as words. A status with no
 * hand-written label is spelled out as words when the API gave its stage (so the server knows it);
 * without a stage it is shown exactly as received, since nothing says what it is.
 */
export function applicationStatusLabel(status: string, stage?: string | null): string {
  return APPLICATION_STATUS_LABELS[status] ?? (stage ? statusCodeAsWords(status) : status)
}

const APPLICATION_STATUS_COLORS: Record<string, BadgeColor> = {
  Pending: "orange",
  "Pre-qualified": "orange",
  Approved: "orange",
  PendingApproval: "orange",
  SignedWaitingForInvoice: "green",
  SignedWaitingForInvoiceApproval: "green",
  Signed: "green",
  Funded: "green",
  PendingReturn: "orange",
  Declined: "red",
  Ineligible: "red",
  Error: "red",
  Returned: "grey",
  Expired: "grey",
}

/** The colour of a status with no hand-written one, from the stage the API gave. */
const APPLICATION_STAGE_COLORS: Record<ApplicationStage, BadgeColor> = {
  open: "orange",
  waiting: "orange",
  signed: "green",
  funded: "green",
  returning: "orange",
  refused: "red",
  error: "red",
  returned: "grey",
  expired: "grey",
}

/** Green once the contract is signed, orange while someone still has to act, red or grey when it ended. */
export function applicationStatusColor(status: string, stage?: string | null): BadgeColor {
  return (
    APPLICATION_STATUS_COLORS[status] ??
    (stage ? APPLICATION_STAGE_COLORS[stage as ApplicationStage] : undefined) ??
    "grey"
  )
}

/** Hand-written names; a kind without one (a new kind) is spelled out from its code, so none is required. */
const ACTION_KIND_LABELS: Partial<Record<ActionKind, string>> = {
  order_references: "Order references",
  invoice: "Invoice",
  delivery: "Delivery information",
  return: "Return request",
}

export function actionKindLabel(kind: string): string {
  const label = ACTION_KIND_LABELS[kind as ActionKind]
  if (label) return label
  const words = kind.replace(/_+/g, " ").trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const ACTION_STATE_LABELS: Record<ActionState, string> = {
  pending: "Queued",
  sending: "Sending",
  succeeded: "Succeeded",
  failed: "Failed",
  waiting: "Waiting",
  unknown: "Outcome unknown",
  checking: "Checking",
}

export function actionStateLabel(state: string): string {
  return ACTION_STATE_LABELS[state as ActionState] ?? state
}

const ACTION_STATE_COLORS: Record<ActionState, BadgeColor> = {
  pending: "orange",
  sending: "blue",
  succeeded: "green",
  failed: "red",
  waiting: "orange",
  unknown: "orange",
  checking: "blue",
}

export function actionStateColor(state: string): BadgeColor {
  return ACTION_STATE_COLORS[state as ActionState] ?? "grey"
}

/** Payment statuses arrive lower case, some with spaces ("manually processed"). */
export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) {
    return EMPTY
  }
  return status.charAt(0).toUpperCase() + status.slice(1)
}

const PAYMENT_STATUS_COLORS: Record<string, BadgeColor> = {
  processed: "green",
  "manually processed": "green",
  pending: "orange",
  waiting: "orange",
  returned: "grey",
  failed: "red",
  error: "red",
}

export function paymentStatusColor(status: string | null | undefined): BadgeColor {
  return (status && PAYMENT_STATUS_COLORS[status.toLowerCase()]) || "grey"
}

/** A placeholder for values the service has not sent, so empty cells never look like missing UI. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? EMPTY : value
}

export type Outcome = { tone: "success" | "error"; text: string }

/**
 * What to tell the merchant after asking for an action. The API answers 200 for a recorded action even
 * when the service then refused it, so the action's own state decides the tone, not the HTTP status.
 */
export function actionOutcome(action: {
  kind: string
  state: string
  last_error: string | null
  result: string | null
}): Outcome {
  const what = actionKindLabel(action.kind)
  switch (action.state) {
    case "succeeded":
      return { tone: "success", text: action.result ? `${what} sent: ${action.result}` : `${what} sent.` }
    case "failed":
      return {
        tone: "error",
        text: action.last_error ? `${what} failed: ${action.last_error}` : `${what} failed.`,
      }
    default:
      return { tone: "success", text: `${what} recorded. It will be sent shortly.` }
  }
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
