import { randomBytes } from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/*
 * What a checkout test reads back from Medusa: orders, payments and sessions as the database holds them,
 * never as an API answer reported them.
 */

/** The ids of the orders made from this cart (the cart–order link). */
export async function orderIdsOfCart(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return (data as { order_id: string }[]).map(({ order_id }) => order_id)
}

/** Every order in the database (restored before each test, so this counts the test's own). */
export async function orderCount(container: MedusaContainer): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id"] })
  return data.length
}

export async function sessionById(container: MedusaContainer, sessionId: string) {
  return container.resolve(Modules.PAYMENT).retrievePaymentSession(sessionId, {
    select: ["id", "status", "data", "provider_id", "amount", "authorized_at", "updated_at"],
  })
}

/** The payments made from one session, with their captures. */
export async function paymentsOfSession(container: MedusaContainer, sessionId: string) {
  return container
    .resolve(Modules.PAYMENT)
    .listPayments({ payment_session_id: sessionId }, { relations: ["captures"] })
}

/**
 * A fingerprint of the whole database: for every table, its row count and the latest created, updated
 * and deleted time it holds. Two equal fingerprints mean no row was inserted, updated (through Medusa,
 * which always sets updated_at) or deleted in between.
 */
export async function databaseFingerprint(container: MedusaContainer): Promise<Record<string, string>> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows: columns } = (await knex.raw(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`
  )) as { rows: { table_name: string; column_name: string }[] }
  const tables = new Map<string, Set<string>>()
  for (const { table_name, column_name } of columns) {
    tables.set(table_name, (tables.get(table_name) ?? new Set()).add(column_name))
  }
  const parts = [...tables].map(([table, names]) => {
    const times = ["created_at", "updated_at", "deleted_at"]
      .filter((name) => names.has(name))
      .map((name) => `coalesce(max("${name}")::text, '-')`)
    const summary = [`count(*)::text`, ...times].join(` || '|' || `)
    return `select '${table}' as name, ${summary} as summary from "${table}"`
  })
  const { rows } = (await knex.raw(parts.join(" union all "))) as {
    rows: { name: string; summary: string }[]
  }
  return Object.fromEntries(rows.map(({ name, summary }) => [name, summary]))
}

/**
 * What a retried, replayed or duplicated callback would carry: the body is never trusted (the status is read
 * again from the service), so any will do; each has its own event id, as the service's would.
 */
export const callbackBody = (publicId: string, status = "SignedWaitingForInvoice") => ({
  eventId: `evt_${randomBytes(8).toString("hex")}`,
  publicId,
  status,
  previousStatus: "Approved",
  changedAt: new Date().toISOString(),
})

/** POSTs a callback the way the service would, and returns the answer's status and body. */
export async function postCallback(
  url: string,
  body: unknown
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "retail-financing-sandbox" },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    parsed = { text }
  }
  return { status: response.status, body: parsed }
}

/** Runs `task` over `items`, `size` at a time, and returns the results in order. */
export async function inBatches<T, R>(items: T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(task))))
  }
  return results
}
