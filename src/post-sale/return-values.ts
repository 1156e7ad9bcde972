import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"

import { toCents } from "../checkout/money"
import type { MedusaReturnReason } from "./return-reason"

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

export interface ReceivedReturns {
  /** All received returns of the order, each valued as Medusa refunds it. */
  totalCents: number
  /** The reason of the given return's first item that has one. */
  reasonOf: (returnId: string) => MedusaReturnReason | null
}

/**
 * Values the order's received returns: the refund amount Medusa set on the return when it has one (it
 * accounts for return shipping), otherwise each received item at its share of the line's total (tax and
 * discounts included), rounded to the cent per line.
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
      entity: "order",
      fields: ["id", "items.id", "items.total", "items.quantity"],
      filters: { id: orderId },
    }),
  ])
  const lines = new Map(
    (
      ((orders[0] as { items?: unknown } | undefined)?.items ?? []) as {
        id: string
        total: unknown
        quantity: unknown
      }[]
    ).map((item) => [item.id, item])
  )
  const received = (returns as unknown as ReturnRow[]).filter((row) => row.received_at)
  const valueOf = (row: ReturnRow): number => {
    const refund = toCents(row.refund_amount as never)
    if (refund > 0) return refund
    return (row.items ?? []).reduce((sum, item) => {
      const line = lines.get(item.item_id)
      if (!line || !Number(line.quantity)) return sum
      const share = MathBN.div(
        MathBN.mult(line.total as never, item.received_quantity as never),
        line.quantity as never
      )
      return sum + toCents(share)
    }, 0)
  }
  const all = returns as unknown as ReturnRow[]
  return {
    totalCents: received.reduce((sum, row) => sum + valueOf(row), 0),
    reasonOf: (returnId) =>
      all.find((row) => row.id === returnId)?.items?.find((item) => item.reason)?.reason ?? null,
  }
}
