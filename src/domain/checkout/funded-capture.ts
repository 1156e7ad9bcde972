import { toCents } from "../money"

/**
 * What Medusa captures when the lender funds a contract, in cents: the contract's invoice amount now (as
 * signed, less the store's returns the service has settled), never more than Medusa authorized.
 *
 * The store's returns before funding reduce the contract, so the lender never pays for what came back: the
 * capture records the money the order brings (the lender's payment and the shopper's in-store payment)
 * and no refund is recorded for those returns, since nothing was taken that could be given back. Returns
 * after funding are refunds of a captured payment. See docs/decisions.md.
 */
export function fundedCaptureCents(authorizedCents: number, invoiceAmount: unknown): number {
  if (invoiceAmount === null || invoiceAmount === undefined) return authorizedCents
  const invoiceCents = toCents(invoiceAmount as Parameters<typeof toCents>[0])
  return Math.max(0, Math.min(authorizedCents, invoiceCents))
}
