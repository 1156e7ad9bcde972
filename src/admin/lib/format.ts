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

/**
 * Each application status of the spec as a merchant reads it: a short label for badges, and one sentence on
 * what it means for the order. The labels say who acts next, which the service's codes only hint at.
 */
const APPLICATION_STATUS_TEXT: Record<string, { label: string; meaning: string }> = {
  Pending: {
    label: "Waiting for the shopper",
    meaning: "The shopper has not finished the application on the lender's page yet.",
  },
  "Pre-qualified": {
    label: "Pre-qualified",
    meaning: "The shopper is pre-qualified and has not finished applying yet.",
  },
  Ineligible: { label: "Not eligible", meaning: "The shopper cannot be financed, so there is no contract." },
  Declined: { label: "Declined", meaning: "The lender declined the application, so there is no contract." },
  Approved: {
    label: "Approved, not signed",
    meaning: "The lender approved the shopper, who has not signed the contract yet.",
  },
  PendingApproval: {
    label: "Lender deciding",
    meaning: "The lender is reviewing the application; the shopper waits for its decision.",
  },
  SignedWaitingForInvoice: {
    label: "Signed, invoice needed",
    meaning: "The shopper signed the contract. The lender needs the order's invoice before it pays.",
  },
  SignedWaitingForInvoiceApproval: {
    label: "Signed, invoice in review",
    meaning: "The lender has the invoice and is checking it.",
  },
  Signed: {
    label: "Signed, awaiting funding",
    meaning: "The lender accepted the invoice and pays the store once it has the delivery information.",
  },
  Funded: { label: "Funded", meaning: "The lender paid the store." },
  PendingReturn: {
    label: "Return in progress",
    meaning: "A return request is with the lender; the contract changes when the lender settles it.",
  },
  Returned: {
    label: "Returned",
    meaning: "The whole contract was returned: the lender pays nothing for it.",
  },
  Expired: { label: "Expired", meaning: "The shopper did not finish in time, so there is no contract." },
  Error: {
    label: "Error at the lender",
    meaning: "The financing service reports an error on this application; contact the financing partner.",
  },
}

/** What a status means when only its stage is known (a status the service started sending since). */
const APPLICATION_STAGE_MEANINGS: Record<ApplicationStage, string> = {
  open: "The shopper has not finished the application yet.",
  waiting: "The lender is reviewing the application.",
  signed: "The shopper signed the contract; the lender has not paid the store yet.",
  funded: "The lender paid the store.",
  returning: "A return request is with the lender.",
  returned: "The contract was returned.",
  refused: "The application was refused, so there is no contract.",
  error: "The financing service reports an error on this application.",
  expired: "The application expired, so there is no contract.",
}

/** `PendingApproval` as "Pending approval": the service's PascalCase code as words. */
function statusCodeAsWords(status: string): string {
  const words = status.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The label of an application status. A status with no hand-written label is spelled out as words when the
 * API gave its stage (so the server knows it); without a stage it is shown exactly as received, since
 * nothing says what it is.
 */
export function applicationStatusLabel(status: string, stage?: string | null): string {
  return APPLICATION_STATUS_TEXT[status]?.label ?? (stage ? statusCodeAsWords(status) : status)
}

/** One sentence on what the status means for the order; null when neither the status nor its stage is known. */
export function applicationStatusMeaning(status: string, stage?: string | null): string | null {
  return (
    APPLICATION_STATUS_TEXT[status]?.meaning ??
    (stage ? APPLICATION_STAGE_MEANINGS[stage as ApplicationStage] : undefined) ??
    null
  )
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
  order_references: "Order number",
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

/** Each state of something sent to the lender: a label for its badge, and what it means. */
const ACTION_STATE_TEXT: Record<ActionState, { label: string; meaning: string }> = {
  pending: { label: "Queued", meaning: "It will be sent to the lender shortly." },
  sending: { label: "Sending", meaning: "It is being sent to the lender now." },
  succeeded: { label: "Sent", meaning: "The lender received it." },
  failed: {
    label: "Failed",
    meaning: "The lender refused it or could not be reached in time. Fix the cause, then retry it.",
  },
  waiting: {
    label: "Waiting its turn",
    meaning: "The lender takes one return at a time: it is sent when the previous return is settled.",
  },
  unknown: {
    label: "Not confirmed",
    meaning:
      "The lender's answer was lost, so it may or may not have arrived. The plugin checks with the lender " +
      "before sending it again, so it is never sent twice by mistake.",
  },
  checking: {
    label: "Checking",
    meaning: "The plugin is checking with the lender whether it arrived before sending it again.",
  },
}

export function actionStateLabel(state: string): string {
  return ACTION_STATE_TEXT[state as ActionState]?.label ?? statusCodeAsWords(state.replace(/_+/g, " "))
}

export function actionStateMeaning(state: string): string | null {
  return ACTION_STATE_TEXT[state as ActionState]?.meaning ?? null
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
export function actionOutcome(action: { kind: string; state: string; last_error: string | null }): Outcome {
  const what = actionKindLabel(action.kind)
  switch (action.state) {
    case "succeeded":
      return { tone: "success", text: `${what} sent to the lender.` }
    case "failed":
      return {
        tone: "error",
        text: action.last_error ? `${what} not sent: ${action.last_error}` : `${what} not sent.`,
      }
    case "unknown":
    case "checking":
      return {
        tone: "error",
        text: `${what}: the lender's answer was lost. The plugin checks whether it arrived before sending it again.`,
      }
    case "waiting":
      return { tone: "success", text: `${what} recorded. It is sent once the previous return is settled.` }
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
