import type { ReturnRequestBody, ReturnType } from "../../domain/admin-api/types"
import { centsFromDecimal } from "../../lib/financing/money"
import { formatMoney, parseDollarInput } from "./format"
import { RETURN_TYPE_HINTS } from "./order-financing-text"

/** The return types of spec 2.6, each with what it asks of the lender, as the return drawer offers them. */
export const RETURN_TYPES: { value: ReturnType; label: string; description: string }[] = [
  { value: "return", label: "Return", description: RETURN_TYPE_HINTS.return },
  { value: "partial", label: "Partial", description: RETURN_TYPE_HINTS.partial },
  { value: "redraft", label: "Redraft", description: RETURN_TYPE_HINTS.redraft },
]

/** The service caps the free-text reason at 500 characters (spec 2.6). */
export const REASON_MAX_LENGTH = 500

export type ReturnForm = {
  returnType: ReturnType
  amount: string
  reasonId: string | null
  note: string
}

export const emptyReturnForm: ReturnForm = { returnType: "return", amount: "", reasonId: null, note: "" }

/**
 * Turns the form into the API's body, or says what the merchant must fix. Only a partial return carries
 * an amount (the spec asks for one there and says nothing of it elsewhere), so a value left in the hidden
 * field after switching type is dropped rather than sent.
 */
export function buildReturnRequest(
  form: ReturnForm,
  /** The most the contract can still give back (dollars), as the widget's data says; null when unknown. */
  maxAmount: number | null = null
): { ok: true; body: ReturnRequestBody } | { ok: false; field: "amount" | "note"; message: string } {
  const body: ReturnRequestBody = { return_type: form.returnType }
  if (form.returnType === "partial") {
    const amount = parseDollarInput(form.amount)
    if (amount === null) {
      return { ok: false, field: "amount", message: "Enter the amount to return, for example 120.50." }
    }
    if (maxAmount !== null && centsFromDecimal(amount) > centsFromDecimal(maxAmount)) {
      return {
        ok: false,
        field: "amount",
        message:
          maxAmount > 0
            ? `The amount can be at most ${formatMoney(maxAmount)}, the part of the contract not yet returned.`
            : "Nothing of the contract is left to return.",
      }
    }
    body.amount = amount
  }
  if (form.reasonId) {
    body.return_reason_id = form.reasonId
  }
  const note = form.note.trim()
  if (note.length > REASON_MAX_LENGTH) {
    return { ok: false, field: "note", message: `Keep the note to ${REASON_MAX_LENGTH} characters or fewer.` }
  }
  if (note) {
    body.reason = note
  }
  return { ok: true, body }
}
