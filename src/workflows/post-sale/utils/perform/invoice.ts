import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  FINANCING_CART_FIELDS,
  type FinancingCart,
  type FinancingCartAddress,
} from "../../../../domain/checkout/cart"
import { invoiceLinesOfOrder } from "../../../../domain/post-sale/invoice-lines"
import {
  INVOICE_PDF_CONTENT_TYPE,
  invoiceFileName,
  renderInvoicePdf,
} from "../../../../domain/post-sale/invoice-pdf"
import {
  type MerchantInvoicePayload,
  forgetMerchantInvoiceFile,
  merchantInvoiceFile,
  merchantInvoiceReplacing,
} from "../merchant-invoice-file"
import type { PerformContext, PerformResult } from "./context"

export type InvoicePayload =
  | { source: "generated"; order_id: string }
  /** A file the merchant uploaded from the admin, kept in the ledger until the service accepts it. */
  | MerchantInvoicePayload

// The cart's fields, less the one only a cart has, plus what an invoice prints.
const ORDER_INVOICE_FIELDS = [
  ...FINANCING_CART_FIELDS.filter((field) => field !== "completed_at"),
  "display_id",
  "created_at",
]

type InvoiceOrder = FinancingCart & { display_id: number | string; created_at: string | Date }

/** Endpoint 8, with a PDF generated from the order or the merchant's own file. */
export async function performInvoice(context: PerformContext): Promise<PerformResult> {
  const payload = context.action.payload as unknown as InvoicePayload
  // A merchant's invoice uploaded after this one was recorded, and before it was sent, replaces it.
  const replacedBy =
    payload.source === "generated" &&
    (await merchantInvoiceReplacing(context, context.application.id, payload.order_id))
  if (replacedBy) return { result: `Not sent: the merchant's invoice ${replacedBy} replaces it` }
  const file =
    payload.source === "file"
      ? await merchantInvoiceFile(context, payload)
      : await generatedInvoice(context, payload.order_id)
  const answer = await context.client.uploadInvoice(context.application.public_id, file)
  if (payload.source === "file") await forgetMerchantInvoiceFile(context, payload)
  return { result: `${file.filename}: ${answer.status}` }
}

async function generatedInvoice({ container, options, application }: PerformContext, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ORDER_INVOICE_FIELDS,
    filters: { id: orderId },
  })
  const order = data[0] as unknown as InvoiceOrder | undefined
  if (!order) throw new Error(`order ${orderId} no longer exists`)
  const store = options.storeAddress
  const customerAddress = order.billing_address ?? order.shipping_address
  const content = await renderInvoicePdf({
    ...invoiceLinesOfOrder(order),
    store: {
      // Without a store name, the store code the contract was made under names the seller.
      name: options.storeName ?? application.store_code ?? options.storeCode,
      addressLines: store
        ? [store.street, store.street2, `${store.city}, ${store.state} ${store.zip}`].filter(isText)
        : undefined,
      phone: store?.phone,
    },
    order: { displayId: String(order.display_id), id: order.id, placedAt: new Date(order.created_at) },
    customer: {
      name: personName(customerAddress, order),
      email: order.email ?? undefined,
      addressLines: addressLines(customerAddress),
    },
    applicationPublicId: application.public_id,
    currency: "USD",
  })
  return { filename: invoiceFileName(order.display_id), content, contentType: INVOICE_PDF_CONTENT_TYPE }
}

function personName(address: FinancingCartAddress | null | undefined, order: FinancingCart): string {
  const fromAddress = [address?.first_name, address?.last_name].filter(isText).join(" ")
  if (fromAddress) return fromAddress
  return (
    [order.customer?.first_name, order.customer?.last_name].filter(isText).join(" ") || (order.email ?? "")
  )
}

function addressLines(address: FinancingCartAddress | null | undefined): string[] {
  if (!address) return []
  const cityLine = [address.city, [address.province?.replace(/^us-/i, "").toUpperCase(), address.postal_code]]
    .flat()
    .filter(isText)
    .join(" ")
  return [address.address_1, address.address_2, cityLine].filter(isText)
}

const isText = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== ""
