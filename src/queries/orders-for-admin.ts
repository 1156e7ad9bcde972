import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type { ApplicationOrder } from "../domain/admin-api/types"

type Named = { first_name?: string | null; last_name?: string | null } | null | undefined

interface OrderRow {
  id: string
  display_id: number | string | null
  email: string | null
  billing_address?: Named
  shipping_address?: Named
  customer?: Named
}

/**
 * Name and email only: the applications page shows who the customer is, never how to reach them by phone
 * (the ledger holds no personal data; this is read from Medusa's order, for admins only).
 */
const ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "billing_address.first_name",
  "billing_address.last_name",
  "shipping_address.first_name",
  "shipping_address.last_name",
  "customer.first_name",
  "customer.last_name",
]

const fullName = (person: Named): string | null => {
  const name = [person?.first_name, person?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ")
  return name || null
}

/** `display_id` is a number in Medusa's model; the graph may hand a big number back as text. */
const displayIdOf = (value: number | string | null): number | null => {
  const number = typeof value === "string" ? Number(value) : value
  return number !== null && Number.isSafeInteger(number) ? number : null
}

/**
 * Medusa's orders for the given ids, with their number and the customer's name and email as the order holds
 * them (the billing name first, as on an invoice). An id Medusa no longer has is left out of the map.
 */
export async function ordersForAdmin(
  container: MedusaContainer,
  orderIds: readonly string[]
): Promise<Map<string, ApplicationOrder>> {
  const ids = [...new Set(orderIds)]
  if (ids.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: ids } })
  return new Map(
    (data as OrderRow[]).map((order) => [
      order.id,
      {
        id: order.id,
        display_id: displayIdOf(order.display_id),
        customer_name:
          fullName(order.billing_address) ?? fullName(order.shipping_address) ?? fullName(order.customer),
        email: order.email ?? null,
      },
    ])
  )
}

/** The order with this number ("1042" or "#1042"), as its id; none when the text is not an order number. */
export async function orderIdsWithDisplayId(container: MedusaContainer, text: string): Promise<string[]> {
  const match = /^#?(\d{1,15})$/.exec(text.trim())
  if (!match) return []
  const displayId = Number(match[1])
  if (!Number.isSafeInteger(displayId)) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id"], filters: { display_id: displayId } })
  return (data as { id: string }[]).map((order) => order.id)
}
