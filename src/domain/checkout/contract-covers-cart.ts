import { toCents } from "../money"

/**
 * A contract signed for less than the cart never completes it: the lender would fund less than the store
 * delivers. Judged on the invoice amount as signed (the ledger's `signed_invoice_amount`, the payment data's
 * `signedInvoiceCents`), never on the amount after the store's own returns, which the service lowers as each
 * one settles: a contract reduced by a return still covers the cart it was signed for, and is captured.
 * When the service reports no invoice amount (the spec allows null), there is nothing to compare, and the
 * signature stands. Compared in whole cents, so a float's last digit cannot refuse a contract.
 */
export function contractCoversCart(invoiceAmount: number | null, cartCents: number): boolean {
  return invoiceAmount === null || toCents(invoiceAmount) >= cartCents
}
