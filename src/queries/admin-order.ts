import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { isFinancingProviderId } from "../config/provider-id"
import { toCents } from "../domain/money"
import { type OrderBooks, type OrderBooksFacts, orderBooks } from "../domain/post-sale/order-books"
import {
  type LedgerApplication,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../modules/retail-financing"
import {
  type QueuedAction,
  financedCents,
  requestedReturnCents,
} from "../modules/retail-financing/return-queue"
import { actionView, applicationView, attentionView } from "./admin-views"

/** The order's financing as the admin widget shows it, or null for an order not paid with financing. */
export async function orderFinancingView(container: MedusaContainer, orderId: string) {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const application = await financing.ledger.findApplication({ order_id: orderId })
  if (!application) return null
  const actions = await financing.listFinancingActions(
    { application_id: application.id },
    { order: { created_at: "DESC" } }
  )
  const view = applicationView(application, financing.getOptions().storeCode)
  return {
    application: view,
    actions: actions.map(actionView),
    attention: attentionView(application, view, actions),
    books: await booksOf(container, orderId, application, actions),
    // The most a Partial may ask back: the rule planMerchantReturn applies when the request is sent.
    returnable_amount: Math.max(0, financedCents(application) - requestedReturnCents(actions)) / 100,
  }
}

/** An order's money as Medusa holds it: read with ORDER_MONEY_FIELDS. */
export interface OrderMoney {
  id?: string
  display_id?: number | string | null
  total: unknown
  status?: string
  items?: { return_received_total?: unknown; return_dismissed_total?: unknown }[]
  credit_lines?: { amount: unknown }[]
  payment_collections?: {
    payments?: {
      provider_id: string
      canceled_at?: unknown
      captures?: { amount: unknown }[]
      refunds?: { amount: unknown }[]
    }[]
  }[]
}

export const ORDER_MONEY_FIELDS = [
  "total",
  // What the items Medusa took back were worth: its total no longer counts them (computed with "total").
  "items.return_received_total",
  "items.return_dismissed_total",
  // A refund beyond what Medusa owed lowers its total by a credit line.
  "credit_lines.amount",
  "status",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.refunds.amount",
]

const cents = (value: unknown) =>
  value === null || value === undefined ? null : toCents(value as Parameters<typeof toCents>[0])
const sum = (rows: { amount: unknown }[] | undefined) =>
  (rows ?? []).reduce((total, row) => total + (cents(row.amount) ?? 0), 0)

/** Medusa's captured and refunded amounts of the order's financing payment, beside the contract's figures. */
async function booksOf(
  container: MedusaContainer,
  orderId: string,
  application: LedgerApplication,
  actions: readonly QueuedAction[]
): Promise<OrderBooks> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ORDER_MONEY_FIELDS,
    filters: { id: orderId },
  })
  return orderBooks(orderBooksFacts((data as OrderMoney[])[0], application, actions))
}

/**
 * The facts of an order's books: Medusa's order (undefined when it has none or Medusa no longer has it; its
 * total is then the contract as signed), the ledger's application and its actions (the returns asked of the
 * lender). The widget and the payouts read these, so both tell the one money account.
 */
export function orderBooksFacts(
  order: OrderMoney | undefined,
  application: LedgerApplication,
  actions: readonly QueuedAction[]
): OrderBooksFacts {
  const payments = (order?.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => isFinancingProviderId(payment.provider_id))
  const funding = application.funding as { amount?: unknown; status?: unknown } | null
  const signedCents = cents(application.signed_invoice_amount)
  return {
    status: application.status,
    orderTotalCents: cents(order?.total) ?? signedCents ?? cents(application.invoice_amount) ?? 0,
    capturedCents: payments.reduce((total, payment) => total + sum(payment.captures), 0),
    refundedCents: payments.reduce((total, payment) => total + sum(payment.refunds), 0),
    signedInvoiceCents: signedCents,
    invoiceCents: cents(application.invoice_amount),
    inStoreCents: cents(application.total_in_store_payment),
    lenderPaidCents: cents(funding?.amount),
    lenderPaymentStatus: typeof funding?.status === "string" ? funding.status : null,
    returnedInMedusaCents: (order?.items ?? []).reduce(
      (total, item) =>
        total + (cents(item.return_received_total) ?? 0) + (cents(item.return_dismissed_total) ?? 0),
      0
    ),
    creditLinesCents: sum(order?.credit_lines),
    returnsRequestedCents: requestedReturnCents(actions),
    inStoreReceived: Boolean(application.in_store_payment_received_at),
    // Every financing payment canceled while the order stands: Medusa's own bookkeeping, not a cancel.
    paymentCanceledByOrderChange:
      order?.status !== "canceled" &&
      payments.length > 0 &&
      payments.every((payment) => Boolean(payment.canceled_at)),
  }
}
