import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"

import { toCents } from "../../../domain/money"
import type { MedusaReturnReason } from "../../../domain/post-sale/return-reason"

interface ReturnRow {
  id: string
  received_at: string | null
  refund_amount: unknown
  items?: {
    item_id: string
    received_quantity: unknown
    reason?: MedusaReturnReason | null
  }[]
}

interface OrderItemRow {
  id: string
  return_received_total: unknown
  detail?: { return_received_quantity?: unknown }
}

export interface ReceivedReturns {
  /** All received returns of the order, each valued as Medusa refunds it. */
  totalCents: number
  /** The reason of the given return's first item that has one. */
  reasonOf: (returnId: string) => MedusaReturnReason | null
}

/**
 * Values the order's received returns: the refund amount Medusa set on the return when it has one (it
 * accounts for return shipping), otherwise each received item at Medusa's own value of a returned unit
 * (its line's total over the whole quantity: tax and discounts included), rounded to the cent per line.
 * An item's `total` cannot serve: Medusa counts only the units still kept in it.
 */
export async function receivedReturnsOf(
  container: MedusaContainer,
  orderId: string
): Promise<ReceivedReturns> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: returns }, { data: orders }] = await Promise.all([
    query.graph({
      entity: "return",
      fields: [
        "id",
        "received_at",
        "refund_amount",
        "items.item_id",
        "items.received_quantity",
        "items.reason.id",
        "items.reason.value",
        "items.reason.label",
      ],
      filters: { order_id: orderId },
    }),
    query.graph({
      // Item totals are computed only when an order total is asked for as well.
      entity: "order",
      fields: [
        "id",
        "total",
        "items.id",
        "items.return_received_total",
        "items.detail.return_received_quantity",
      ],
      filters: { id: orderId },
    }),
  ])
  const unitValues = new Map<string, unknown>()
  for (const item of ((orders[0] as { items?: unknown } | undefined)?.items ?? []) as OrderItemRow[]) {
    const received = item.detail?.return_received_quantity
    if (received && !MathBN.eq(received as never, 0)) {
      unitValues.set(item.id, MathBN.div(item.return_received_total as never, received as never))
    }
  }
  const received = (returns as unknown as ReturnRow[]).filter((row) => row.received_at)
  const valueOf = (row: ReturnRow): number => {
    const refund = toCents(row.refund_amount as never)
    if (refund > 0) return refund
    return (row.items ?? []).reduce((sum, item) => {
      const unitValue = unitValues.get(item.item_id)
      if (unitValue === undefined) return sum
      return sum + toCents(MathBN.mult(unitValue as never, item.received_quantity as never))
    }, 0)
  }
  const all = returns as unknown as ReturnRow[]
  return {
    totalCents: received.reduce((sum, row) => sum + valueOf(row), 0),
    reasonOf: (returnId) =>
      all.find((row) => row.id === returnId)?.items?.find((item) => item.reason)?.reason ?? null,
  }
}
