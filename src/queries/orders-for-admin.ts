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

/** The customer's name as an order or cart holds it: the billing name first, as on an invoice. */
const customerNameOf = (row: Pick<OrderRow, "billing_address" | "shipping_address" | "customer">) =>
  fullName(row.billing_address) ?? fullName(row.shipping_address) ?? fullName(row.customer)

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
        customer_name: customerNameOf(order),
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

/** A cart's customer, for an application with no order (a contract exception): name and email as the cart holds them. */
export type CartCustomer = { customer_name: string | null; email: string | null }

const CART_FIELDS = [
  "id",
  "email",
  "billing_address.first_name",
  "billing_address.last_name",
  "shipping_address.first_name",
  "shipping_address.last_name",
  "customer.first_name",
  "customer.last_name",
  "customer.email",
]

/** Medusa's carts for the given ids, with the customer's name and email (the billing name first). */
export async function cartCustomersForAdmin(
  container: MedusaContainer,
  cartIds: readonly string[]
): Promise<Map<string, CartCustomer>> {
  const ids = [...new Set(cartIds)]
  if (ids.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: ids } })
  return new Map(
    (data as (OrderRow & { customer?: (Named & { email?: string | null }) | null })[]).map((cart) => [
      cart.id,
      {
        customer_name: customerNameOf(cart),
        email: cart.email ?? cart.customer?.email ?? null,
      },
    ])
  )
}

/** The ten digits of a US phone number as a person writes it ("(512) 555-0142", "+1 512.555.0142"), or null. */
export function phoneDigits(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text.trim())) return null
  let digits = text.replace(/\D/g, "")
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1)
  return digits.length === 10 ? digits : null
}

/*
 * An address phone as its ten digits: punctuation dropped, a leading country code 1 dropped. Medusa keeps the
 * phone as the shopper typed it, so the comparison is made on digits, in the database.
 */
const ADDRESS_DIGITS = `regexp_replace(regexp_replace(coalesce(a.phone, ''), '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1')`

/**
 * The carts and orders whose shipping or billing address has this phone (ten digits): the store's ledger
 * keeps no phone, so a phone search asks Medusa's own carts and orders which applications are that shopper's.
 */
export async function cartAndOrderIdsWithPhone(
  container: MedusaContainer,
  digits: string
): Promise<{ cartIds: string[]; orderIds: string[] }> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  type Rows = { rows: { id: string }[] }
  const [carts, orders] = await Promise.all([
    knex.raw<Rows>(
      `select distinct c.id from "cart" c join "cart_address" a on a.id in (c.shipping_address_id, c.billing_address_id)
       where a.deleted_at is null and ${ADDRESS_DIGITS} = ?`,
      [digits]
    ),
    knex.raw<Rows>(
      `select distinct o.id from "order" o join "order_address" a on a.id in (o.shipping_address_id, o.billing_address_id)
       where a.deleted_at is null and ${ADDRESS_DIGITS} = ?`,
      [digits]
    ),
  ])
  const ids = (result: Rows) => result.rows.map((row) => row.id)
  return { cartIds: ids(carts), orderIds: ids(orders) }
}

/**
 * The service's link for the shopper to finish each application (spec 2.3 `link`), as Medusa's payment session
 * keeps it in its data (the ledger keeps no link), by public id: the sessions of the applications' payment
 * collections, matched on the public id each session's data holds.
 */
export async function finishLinksOf(
  container: MedusaContainer,
  applications: readonly { public_id: string | null; payment_collection_id: string | null }[]
): Promise<Map<string, string>> {
  const collectionIds = [
    ...new Set(applications.flatMap((application) => application.payment_collection_id ?? [])),
  ]
  if (collectionIds.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "data"],
    filters: { payment_collection_id: collectionIds },
  })
  return new Map(
    (data as { id: string; data?: Record<string, unknown> | null }[]).flatMap((session) => {
      const link = session.data?.link
      const publicId = session.data?.publicId
      return typeof link === "string" && typeof publicId === "string" && /^https?:\/\//.test(link)
        ? [[publicId, link] as const]
        : []
    })
  )
}
