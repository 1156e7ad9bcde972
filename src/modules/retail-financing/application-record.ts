import type { ApplicationStatus } from "../../lib/financing/schemas"
import type { LedgerApplication, PayoutChange, StatusHistoryEntry } from "./types"

/** The status history, oldest first (a JSON array column, which the model types as an object). */
export function statusHistoryOf(application: { status_history: unknown }): StatusHistoryEntry[] {
  const history: unknown = application.status_history
  return Array.isArray(history) ? (history as StatusHistoryEntry[]) : []
}

export function historyColumn(entries: StatusHistoryEntry[]): Record<string, unknown> {
  return entries as unknown as Record<string, unknown>
}

/**
 * Leaving PendingReturn is the one move back the ledger accepts, so a read made before the return was
 * requested (a callback's read recorded late) would settle it wrongly. Only a read started after the ledger
 * recorded PendingReturn can show it settled; a read of unknown age waits for the next one.
 */
export function readSincePendingReturn(
  application: { status_history: unknown },
  readStartedAt: Date | undefined
): boolean {
  if (!readStartedAt) return false
  const entered = [...statusHistoryOf(application)]
    .reverse()
    .find((entry) => entry.status === "PendingReturn")
  return !entered || readStartedAt.getTime() > new Date(entered.at).getTime()
}

/**
 * Contract figures and funding the read carries; absent ones are left as recorded. The first invoice amount
 * reported is also kept as the amount signed (`recorded` is the ledger's row, absent for a new one): the
 * service lowers `invoiceAmount` as the store's returns settle, and the signature is judged on what was signed.
 * The lender's payment is kept as the service last reported it, with its date and status as columns, when the
 * ledger first saw one and when it last saw it change (`now`, the time of the read being recorded).
 */
export function contractFieldsOf(
  observed: Partial<ApplicationStatus> | undefined,
  recorded?: { signed_invoice_amount?: unknown; funding?: unknown; funding_seen_at?: unknown },
  now: Date = new Date()
): Record<string, unknown> {
  if (!observed) return {}
  const fields: Record<string, unknown> = {}
  const keep = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) fields[key] = value
  }
  if (recorded?.signed_invoice_amount === null || recorded?.signed_invoice_amount === undefined) {
    keep("signed_invoice_amount", observed.invoiceAmount)
  }
  keep("application_number", observed.applicationId)
  keep("approval_amount", observed.approvalAmount)
  keep("borrowed_amount", observed.borrowedAmount)
  keep("invoice_amount", observed.invoiceAmount)
  keep("total_in_store_payment", observed.totalInStorePayment)
  keep("partner_code", observed.financingPartnerCode)
  keep("partner_name", observed.financingPartnerName)
  keep("partner_display_name", observed.financingPartnerDisplayName)
  if (observed.paymentInfo) {
    const funding = {
      transfer_id: observed.paymentInfo.transferId,
      wire_reference_id: observed.paymentInfo.wireReferenceId,
      date: observed.paymentInfo.date,
      amount: observed.paymentInfo.amount,
      status: observed.paymentInfo.status,
    }
    if (!sameFunding(recorded?.funding, funding)) {
      fields.funding = funding
      fields.funding_date = paymentDay(funding.date)
      fields.funding_status = funding.status
      fields.funding_changed_at = now
      if (!recorded?.funding_seen_at) fields.funding_seen_at = now
    }
  }
  return fields
}

/**
 * The payment's day, `YYYY-MM-DD`: the by-id read sends a date, the list read a date-time (its date part is
 * the day the service reports, taken as written, not moved to another time zone).
 */
export function paymentDay(date: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(date.trim())
  return match ? match[1] : null
}

/**
 * Whether the recorded payment is the one just read, so a repeated read changes nothing. The list read's
 * date-time and the by-id read's date of one payment are the same payment: dates are compared by their day.
 */
function sameFunding(recorded: unknown, read: Record<string, unknown>): boolean {
  if (!recorded || typeof recorded !== "object") return false
  const before = recorded as Record<string, unknown>
  const day = (value: unknown) => (typeof value === "string" ? paymentDay(value) : null)
  return Object.keys(read).every((key) =>
    key === "date" ? day(before.date) === day(read.date) : (before[key] ?? null) === (read[key] ?? null)
  )
}

/**
 * Whether a write of the payment (`written`, the ledger's funding column about to be stored; none when the
 * read brought nothing new) is a payout to tell: the contract's first payment, another payment (a new
 * transfer id), or the payment's status moved. Another wire reference or date of the same payment, in the
 * same status, is kept but not told.
 */
export function payoutChangeOf(recorded: unknown, written: unknown): PayoutChange | null {
  if (!written || typeof written !== "object") return null
  const after = written as { transfer_id?: string | null; amount: number; status: string }
  const before =
    recorded && typeof recorded === "object"
      ? (recorded as { transfer_id?: string | null; status?: string | null })
      : null
  const newPayment = !before || (before.transfer_id ?? null) !== (after.transfer_id ?? null)
  if (!newPayment && before.status === after.status) return null
  return {
    transfer_id: after.transfer_id ?? null,
    amount: Number(after.amount),
    status: after.status,
    from_status: newPayment ? null : (before.status ?? null),
  }
}

/** An application the service has answered for: it has a public id, so the service can be asked about it. */
export type CreatedApplication = LedgerApplication & { public_id: string }

/**
 * Narrows a ledger application to one the service created. Post-sale work and status reads only ever meet
 * such applications (an order needs a signed contract); meeting another is a bug, said here by name.
 */
export function createdApplication(application: LedgerApplication): CreatedApplication {
  if (!application.public_id) {
    throw new Error(`ledger application ${application.id} was never created at the financing service`)
  }
  return application as CreatedApplication
}
