import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { ApplicationStatus, ApplicationStatusValue } from "../../lib/financing/schemas"
import { contractCoversCart } from "./contract-covers-cart"
import { isPostSale, toPaymentSessionStatus } from "./status-map"

/** What a status read asks of Medusa for one payment session. */
export type SessionAction = "authorize" | "capture" | "fail" | "cancel" | "record" | "none"

export interface SessionFacts {
  sessionStatus: PaymentSessionStatus
  applicationStatus: ApplicationStatusValue
  /** Whether the session's cart is already an order. */
  hasOrder: boolean
  /** Whether the session's payment has been captured. */
  captured: boolean
  /** Whether a signed contract covers the cart (false when the service reports a smaller invoice). */
  contractCoversCart: boolean
}

const SETTLED: ReadonlySet<PaymentSessionStatus> = new Set(["authorized", "captured"])
/** Sessions whose outcome is decided: nothing a later status says is written on them. */
const CLOSED: ReadonlySet<PaymentSessionStatus> = new Set(["authorized", "captured", "error", "canceled"])

/**
 * The one decision of the status callback and of reconciliation. It only ever moves a session forward:
 * once authorized, a session is never failed or canceled by a later (or older, replayed) status, and work
 * already done (an order placed with its payment authorized, a payment captured) is not asked for again.
 */
export function sessionAction(facts: SessionFacts): SessionAction {
  // A contract under return (or returned) never completes a cart or captures a payment.
  if (isPostSale(facts.applicationStatus)) return CLOSED.has(facts.sessionStatus) ? "none" : "record"
  const target = toPaymentSessionStatus(facts.applicationStatus, facts.sessionStatus)
  if ((target === "authorized" || target === "captured") && !facts.contractCoversCart) {
    return SETTLED.has(facts.sessionStatus) ? "none" : "fail"
  }
  if (target === "captured") return facts.captured ? "none" : "capture"
  // An order with its payment authorized is done. An order without it (Medusa stopped between creating the
  // order and authorizing its payment: a crash) is authorized now; processPaymentWorkflow authorizes an
  // existing order's session without making another order.
  if (target === "authorized")
    return facts.hasOrder && SETTLED.has(facts.sessionStatus) ? "none" : "authorize"
  if (SETTLED.has(facts.sessionStatus)) return "none"
  if (target === "error") return facts.sessionStatus === "error" ? "none" : "fail"
  if (target === "canceled") return facts.sessionStatus === "canceled" ? "none" : "cancel"
  return "record"
}

/** A status read as the status callback and reconciliation hold it, before any rule is applied. */
export interface SessionRead {
  sessionStatus: PaymentSessionStatus
  application: Pick<ApplicationStatus, "status" | "invoiceAmount">
  /**
   * The invoice amount the contract was signed for, when the ledger recorded it: the contract is held to the
   * cart by it, not by the read's invoice amount, which the store's returns lower. Null: the read's.
   */
  signedInvoiceAmount: number | null
  /** The cart total the application was made for (the session data's `amountCents`). */
  cartCents: number
  /** The status the session data last recorded. */
  recordedStatus: ApplicationStatusValue
  hasOrder: boolean
  captured: boolean
}

/**
 * sessionAction over a status read: the contract is held to the cart by the same rule the payment provider
 * uses, and a repeated callback for a status already recorded has nothing left to write.
 */
export function sessionActionFor(read: SessionRead): SessionAction {
  const decided = sessionAction({
    sessionStatus: read.sessionStatus,
    applicationStatus: read.application.status,
    hasOrder: read.hasOrder,
    captured: read.captured,
    contractCoversCart: contractCoversCart(
      read.signedInvoiceAmount ?? read.application.invoiceAmount,
      read.cartCents
    ),
  })
  return decided === "record" && read.recordedStatus === read.application.status ? "none" : decided
}
