import { shopperText } from "../shopper-text"

/**
 * Why a signed contract has no order. Each is recorded once on the ledger's application, shown to the
 * merchant with what to do, and given to the shopper's return page as a machine-readable reason.
 */
export const CONTRACT_EXCEPTION_REASONS = [
  /** The cart's lines or total changed after the application was made. */
  "cart_changed",
  /** The customer's name, email, phone, billing or shipping address changed after the application was made. */
  "customer_details_changed",
  /** A newer application was made for the same cart; only the newest may complete it. */
  "superseded",
  /** Medusa could not complete the cart (for example an item went out of stock). */
  "completion_failed",
  /** Medusa deleted the payment session (its cart changed, or the shopper chose another way to pay). */
  "session_deleted",
  /** The contract was signed for less than the cart total. */
  "contract_short",
] as const

export type ContractExceptionReason = (typeof CONTRACT_EXCEPTION_REASONS)[number]

export const isContractExceptionReason = (value: unknown): value is ContractExceptionReason =>
  (CONTRACT_EXCEPTION_REASONS as readonly unknown[]).includes(value)

export const EXCEPTION_RESOLUTIONS = ["voided", "resolved"] as const
export type ExceptionResolution = (typeof EXCEPTION_RESOLUTIONS)[number]

interface ExceptionText {
  /** What happened, for the merchant (admin, logs). Never holds the shopper's details. */
  merchant: string
  /** What the merchant does about it. */
  todo: string
  /**
   * What the shopper reads on the return page: what happened and what to do, in plain words (in English; the
   * catalogue's `exception_<reason>` in other languages).
   */
  shopper: string
}

const VOID_OR_RESOLVE =
  "Void it at the financing service (a return of the whole contract) unless you settle it with the customer " +
  "another way, then mark it resolved."

export const CONTRACT_EXCEPTION_TEXT: Record<ContractExceptionReason, ExceptionText> = {
  cart_changed: {
    merchant:
      "The contract was signed, but the cart's items or total changed after the application was made.",
    todo: VOID_OR_RESOLVE,
    shopper: shopperText("en", "exception_cart_changed"),
  },
  customer_details_changed: {
    merchant:
      "The contract was signed, but the customer's name, email, phone or an address on the cart changed " +
      "after the application was made.",
    todo: VOID_OR_RESOLVE,
    shopper: shopperText("en", "exception_customer_details_changed"),
  },
  superseded: {
    merchant: "The contract was signed, but a newer application had been started for the same cart.",
    todo: VOID_OR_RESOLVE,
    shopper: shopperText("en", "exception_superseded"),
  },
  completion_failed: {
    merchant:
      "The contract was signed, but Medusa could not place the order (for example an item is out of stock).",
    todo:
      "Fix the cause (restock the item) and the plugin tries again by itself a few times; otherwise void the " +
      "contract at the financing service, or mark it resolved once settled with the customer.",
    shopper: shopperText("en", "exception_completion_failed"),
  },
  session_deleted: {
    merchant:
      "The contract was signed, but its payment session no longer exists (the cart changed or the customer " +
      "chose another way to pay).",
    todo: VOID_OR_RESOLVE,
    shopper: shopperText("en", "exception_session_deleted"),
  },
  contract_short: {
    merchant: "The contract was signed for less than the cart total.",
    todo: VOID_OR_RESOLVE,
    shopper: shopperText("en", "exception_contract_short"),
  },
}

/**
 * The one log line of a contract exception, written once when it opens: which application (ledger id and
 * the service's public id, nothing of the shopper), what happened and what the merchant does about it.
 * `detail` is Medusa's own reason when it has one (why the cart could not be completed).
 */
export function exceptionLogLine(
  application: { id: string; publicId: string },
  reason: ContractExceptionReason,
  detail?: string
): string {
  const text = CONTRACT_EXCEPTION_TEXT[reason]
  const why = detail ? ` (${detail.replace(/\s+$/, "").replace(/\.$/, "")})` : ""
  return (
    `retail-financing: application ${application.publicId} (ledger ${application.id}) has no order, ` +
    `${reason}: ${text.merchant.replace(/\.$/, "")}${why}. ${text.todo}`
  )
}
