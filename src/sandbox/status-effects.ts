import { randomBytes } from "node:crypto"
import {
  type ApplicationStatusValue,
  type FinancingPartner,
  RETURN_TYPES,
  cartTotal,
} from "../lib/financing/schemas"
import { centsFromDecimal, fromCents } from "../lib/financing/money"
import type { SandboxApplication } from "./records"
import { isSigned } from "./state-machine"

/**
 * What a contract is signed for when it is not the whole cart: a lender's hosted page may let the shopper
 * finance less than was applied for. Only the control endpoint asks for it (see handlers/control.ts).
 */
export interface SigningTerms {
  /** The contract's invoice amount in cents: above 0 and at most the application's total. */
  invoiceCents: number
}

/** What a status change needs besides the application: the engine's clock, its partner, the walk's terms. */
export interface EffectContext {
  now: () => Date
  /** The store's financing partner, asked for only when a contract is signed. */
  partner: () => FinancingPartner
  terms?: SigningTerms
}

/**
 * What arriving at its new status does to an application: the approval amount, the signed contract's
 * figures, the funding, and the settling of a pending return. Apart from the engine so that it holds the
 * sandbox's money rules alone; the engine calls it on every move, before arming its timers.
 */
export function applyStatusEffects(
  application: SandboxApplication,
  previousStatus: ApplicationStatusValue,
  { now, partner: partnerOf, terms }: EffectContext
): void {
  const { status, contract } = application
  const totalCents = centsFromDecimal(cartTotal(application.input.products))
  if (status === "Approved" && contract.approvalAmount === null) {
    // Approvals come in round steps above the cart, the way lenders quote them.
    contract.approvalAmount = fromCents(Math.max(50_000, Math.ceil(totalCents / 50_000) * 50_000))
  }
  if (isSigned(status) && contract.invoiceAmount === null) {
    // The whole cart unless the walk says otherwise; the other figures follow the invoice either way.
    const invoiceCents = terms?.invoiceCents ?? totalCents
    const inStoreCents = Math.min(10_000, Math.round(invoiceCents * 0.1))
    const partner = partnerOf()
    Object.assign(contract, {
      invoiceAmount: fromCents(invoiceCents),
      totalInStorePayment: fromCents(inStoreCents),
      borrowedAmount: fromCents(invoiceCents - inStoreCents),
      financingPartnerCode: partner.code,
      financingPartnerName: partner.name,
      financingPartnerDisplayName: partner.displayName,
    })
  }
  if (status === "Funded" && application.funding === null) {
    application.funding = {
      transferId: `TRF-${randomBytes(4).toString("hex").toUpperCase()}`,
      wireReferenceId: `WIRE-${randomBytes(5).toString("hex").toUpperCase()}`,
      startedAt: now().toISOString(),
      amount: contract.borrowedAmount ?? 0,
      status: "processed",
    }
  }
  if (previousStatus === "PendingReturn") settleReturn(application, now)
}

function settleReturn(application: SandboxApplication, now: () => Date): void {
  const request = application.returnRequests.find((candidate) => candidate.settledAt === null)
  if (!request) return
  request.settledAt = now().toISOString()
  request.settledTo = application.status
  if (request.returnType === RETURN_TYPES.Partial && request.amount !== undefined) {
    const { contract } = application
    const less = (amount: number | null) =>
      amount === null ? null : fromCents(centsFromDecimal(amount) - centsFromDecimal(request.amount!))
    contract.invoiceAmount = less(contract.invoiceAmount)
    contract.borrowedAmount = less(contract.borrowedAmount)
  }
  application.statusBeforeReturn = null
}
