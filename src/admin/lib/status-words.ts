/**
 * The words and colours of the service's statuses in the admin screens: an application's (the contract's
 * table in lib/financing/schemas/statuses.ts) and a funding payment's.
 */

import type { ApplicationStage } from "../../domain/checkout/status-map"
import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../lib/financing/schemas/statuses"
import { type BadgeColor, EMPTY, codeAsWords } from "./format"

interface StatusWords {
  /** A short label for badges: who acts next, which the service's codes only hint at. */
  label: string
  /** One sentence on what the status means for the order. */
  meaning: string
  /** Green once the contract is signed, orange while someone still has to act, red or grey when it ended. */
  color: BadgeColor
  /**
   * The lender, not the store, acts next, and its answer is expected while the page is open: the order
   * widget keeps reading the financing (see order-financing-refresh.ts).
   */
  lenderAnswersSoon: boolean
}

/**
 * Each application status of the spec as a merchant sees it. A Record over the contract's statuses, so a
 * status added to lib/financing/schemas/statuses.ts fails the admin's typecheck until it has its words here.
 */
const APPLICATION_STATUS_WORDS: Record<ApplicationStatusValue, StatusWords> = {
  Pending: {
    label: "Waiting for the shopper",
    meaning: "The shopper has not finished the application on the lender's page yet.",
    color: "orange",
    lenderAnswersSoon: false,
  },
  "Pre-qualified": {
    label: "Pre-qualified",
    meaning: "The shopper is pre-qualified and has not finished applying yet.",
    color: "orange",
    lenderAnswersSoon: false,
  },
  Ineligible: {
    label: "Not eligible",
    meaning: "The shopper cannot be financed, so there is no contract.",
    color: "red",
    lenderAnswersSoon: false,
  },
  Declined: {
    label: "Declined",
    meaning: "The lender declined the application, so there is no contract.",
    color: "red",
    lenderAnswersSoon: false,
  },
  Approved: {
    label: "Approved, not signed",
    meaning: "The lender approved the shopper, who has not signed the contract yet.",
    color: "orange",
    lenderAnswersSoon: false,
  },
  PendingApproval: {
    label: "Lender deciding",
    meaning: "The lender is reviewing the application; the shopper waits for its decision.",
    color: "orange",
    lenderAnswersSoon: true,
  },
  SignedWaitingForInvoice: {
    label: "Signed, invoice needed",
    meaning: "The shopper signed the contract. The lender needs the order's invoice before it pays.",
    color: "green",
    lenderAnswersSoon: false,
  },
  SignedWaitingForInvoiceApproval: {
    label: "Signed, invoice in review",
    meaning: "The lender has the invoice and is checking it.",
    color: "green",
    lenderAnswersSoon: true,
  },
  Signed: {
    label: "Signed, awaiting funding",
    // What the lender still waits for (the delivery information or nothing) is the card's next step, not this.
    meaning: "The lender accepted the invoice; funding comes next.",
    color: "green",
    lenderAnswersSoon: false,
  },
  Funded: {
    label: "Funded",
    meaning: "The lender paid the store.",
    color: "green",
    lenderAnswersSoon: false,
  },
  PendingReturn: {
    label: "Return in progress",
    meaning: "A return request is with the lender; the contract changes when the lender settles it.",
    color: "orange",
    lenderAnswersSoon: true,
  },
  Returned: {
    label: "Returned",
    meaning: "The whole contract was returned: the lender pays nothing for it.",
    color: "grey",
    lenderAnswersSoon: false,
  },
  Expired: {
    label: "Expired",
    meaning: "The shopper did not finish in time, so there is no contract.",
    color: "grey",
    lenderAnswersSoon: false,
  },
  Error: {
    label: "Error at the lender",
    meaning: "The financing service reports an error on this application; contact the financing partner.",
    color: "red",
    lenderAnswersSoon: false,
  },
}

/** The words of a status the contract knows; undefined for one it does not (sent since, or not a status). */
function wordsOf(status: string): StatusWords | undefined {
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? APPLICATION_STATUS_WORDS[status as ApplicationStatusValue]
    : undefined
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

/**
 * The label of an application status. A status with no hand-written label is spelled out as words when the
 * API gave its stage (so the server knows it); without a stage it is shown exactly as received, since
 * nothing says what it is.
 */
export function applicationStatusLabel(status: string, stage?: string | null): string {
  return wordsOf(status)?.label ?? (stage ? codeAsWords(status) : status)
}

/** One sentence on what the status means for the order; null when neither the status nor its stage is known. */
export function applicationStatusMeaning(status: string, stage?: string | null): string | null {
  return (
    wordsOf(status)?.meaning ??
    (stage ? APPLICATION_STAGE_MEANINGS[stage as ApplicationStage] : undefined) ??
    null
  )
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

/** The status's colour; one the contract does not know is coloured by the stage the API gave. */
export function applicationStatusColor(status: string, stage?: string | null): BadgeColor {
  return (
    wordsOf(status)?.color ??
    (stage ? APPLICATION_STAGE_COLORS[stage as ApplicationStage] : undefined) ??
    "grey"
  )
}

/** Whether the lender's answer is expected while the page is open (false for a status the contract does not know). */
export function lenderAnswersSoon(status: string): boolean {
  return wordsOf(status)?.lenderAnswersSoon ?? false
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
