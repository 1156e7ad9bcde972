import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { isFinancingProviderId } from "../../../config/provider-id"
import { sessionDataOf } from "../../../domain/checkout/session-data"
import type { LedgerApplication } from "../../../modules/retail-financing"

export interface FinancedOrder {
  order: {
    id: string
    display_id: number | string
    total: number
    version: number
    status: string
  }
  payment: {
    id: string
    amount: number
    refunds: { id: string; amount: number; created_at: string | Date }[]
  }
  application: LedgerApplication
}

interface OrderPaymentRow {
  id: string
  display_id: number | string
  total: unknown
  version: number
  status: string
  payment_collections?: {
    payments?: {
      id: string
      provider_id: string
      payment_session_id: string
      amount: unknown
      data: Record<string, unknown> | null
      canceled_at?: string | null
      refunds?: { id: string; amount: unknown; created_at: string | Date }[] | null
    }[]
  }[]
}

/**
 * The order's financing payment and its ledger record, or null when the order was not paid with financing.
 * The ledger record is created here if callbacks never created one (an order from before this version),
 * and linked to the order.
 */
export async function financedOrder(
  container: MedusaContainer,
  orderId: string
): Promise<FinancedOrder | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "total",
      "version",
      "status",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payments.amount",
      "payment_collections.payments.data",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.amount",
      "payment_collections.payments.refunds.created_at",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as unknown as OrderPaymentRow | undefined
  if (!order) return null
  const payment = (order.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .find((candidate) => isFinancingProviderId(candidate.provider_id))
  if (!payment) return null

  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const sessionData = sessionDataOf(payment.data ?? {})
  const { application } = await financing.ledger.recordApplication({
    publicId: sessionData.publicId,
    sessionId: payment.payment_session_id,
    cartId: sessionData.cartId || null,
    amount: Number(payment.amount),
    orderId: order.id,
    observed: { status: sessionData.applicationStatus },
  })
  return {
    order: {
      id: order.id,
      display_id: order.display_id,
      total: Number(order.total),
      version: order.version,
      status: order.status,
    },
    payment: {
      id: payment.id,
      amount: Number(payment.amount),
      refunds: (payment.refunds ?? []).map((refund) => ({ ...refund, amount: Number(refund.amount) })),
    },
    application,
  }
}
