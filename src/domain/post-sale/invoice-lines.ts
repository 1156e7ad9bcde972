import type { FinancingCart } from "../checkout/cart"
import { applicationProductLines } from "../checkout/cart-to-application"
import { toCents } from "../money"

export interface InvoiceLine {
  description: string
  quantity: number
  /** Extended value of the line in dollars, whole cents (as the application sent it). */
  value: number
}

export interface InvoiceLines {
  /** The application's product lines, less its sales tax line, whose amount is `taxCents`. */
  lines: InvoiceLine[]
  /** The sum of `lines`. */
  subtotalCents: number
  taxCents: number
  /** `subtotalCents + taxCents`, which is the order total rounded to the cent. */
  totalCents: number
}

/**
 * The invoice for an order read with the cart's `query.graph` fields: the very lines of its financing
 * application, so the service can match the two. The sales tax line moves from the table to the totals,
 * where an invoice states it, so that the table adds up to the subtotal a reader sees under it.
 */
export function invoiceLinesOfOrder(order: FinancingCart): InvoiceLines {
  if (order.currency_code.toLowerCase() !== "usd") {
    throw new Error(`order ${order.id}: invoices are in US dollars, not ${order.currency_code}`)
  }
  // The application refused such a cart, so there is no financed purchase to invoice.
  if ((order.items ?? []).length === 0) throw new Error(`order ${order.id}: it has no items to invoice`)

  const { products, taxIndex } = applicationProductLines(order)
  const lines = products
    .filter((_, index) => index !== taxIndex)
    .map(({ description, quantity, value }) => ({ description, quantity, value }))
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.value), 0)
  const taxCents = taxIndex >= 0 ? toCents(products[taxIndex].value) : 0
  const totalCents = subtotalCents + taxCents
  // applicationProductLines settles its lines on the total; an invoice that disagrees must never be sent.
  if (totalCents !== toCents(order.total)) {
    throw new Error(`order ${order.id}: invoice lines make ${totalCents} cents, not its total`)
  }
  return { lines, subtotalCents, taxCents, totalCents }
}
