import type { SpawnedStore } from "./spawned-store"

/*
 * What a spawned store's database holds for one financed checkout, read with SQL: the store may be down,
 * and a test of a crash must see the rows as they are, not as an API would present them.
 */

/** One checkout a test started: the shopper's email is unique to it, so its orders are found even unlinked. */
export interface CheckoutUnderTest {
  cartId: string
  email: string
  publicId: string
}

export interface CheckoutRecords {
  /** Every order with the checkout's email: an order that lost its link to the cart counts too. */
  orders: { id: string; display_id: number }[]
  /** The orders linked to the cart (Medusa's order_cart link). */
  cartOrderIds: string[]
  /** The financing sessions of the cart's payment collection. */
  sessions: { id: string; status: string; public_id: string | null }[]
  /** Payments made from those sessions. */
  payments: {
    id: string
    payment_session_id: string
    order_id: string | null
    captured_at: Date | null
    canceled_at: Date | null
  }[]
  /** The plugin's ledger record of the application. */
  ledger: { id: string; order_id: string | null; status: string; exception_reason: string | null }[]
}

export async function checkoutRecords(
  store: SpawnedStore,
  checkout: CheckoutUnderTest
): Promise<CheckoutRecords> {
  const [orders, cartOrders, sessions, ledger] = await Promise.all([
    store.sql<CheckoutRecords["orders"][number]>(
      `select id, display_id from "order" where email = $1 and deleted_at is null order by created_at`,
      [checkout.email]
    ),
    store.sql<{ order_id: string }>(
      `select order_id from order_cart where cart_id = $1 and deleted_at is null`,
      [checkout.cartId]
    ),
    store.sql<CheckoutRecords["sessions"][number]>(
      `select s.id, s.status, s.data->>'publicId' as public_id
         from cart_payment_collection link
         join payment_session s on s.payment_collection_id = link.payment_collection_id
        where link.cart_id = $1 and link.deleted_at is null and s.deleted_at is null
          and s.provider_id like 'pp_retail-financing_%'`,
      [checkout.cartId]
    ),
    store.sql<CheckoutRecords["ledger"][number]>(
      `select id, order_id, status, exception_reason from retail_financing_application
        where public_id = $1 and deleted_at is null`,
      [checkout.publicId]
    ),
  ])
  const payments = await store.sql<CheckoutRecords["payments"][number]>(
    `select p.id, p.payment_session_id, link.order_id, p.captured_at, p.canceled_at
       from payment p
       left join order_payment_collection link
         on link.payment_collection_id = p.payment_collection_id and link.deleted_at is null
      where p.payment_session_id = any($1) and p.deleted_at is null`,
    [sessions.map((session) => session.id)]
  )
  return { orders, cartOrderIds: cartOrders.map(({ order_id }) => order_id), sessions, payments, ledger }
}

/** A post-sale action's ledger row as the fault tests read it: its state, attempts and who sent it. */
export interface ActionRecord extends Record<string, unknown> {
  id: string
  kind: string
  state: string
  attempts: number
  attempt_log:
    { number: number; outcome?: string; sender?: { pid: number }; checks?: { verdict: string }[] }[] | null
  sender: { pid: number } | null
  lease_until: Date | null
  result: string | null
}

/** The checkout's action of this kind, read with SQL (the store may be down); fails when there is none. */
export async function actionRecord(
  store: Pick<SpawnedStore, "sql">,
  publicId: string,
  kind: string
): Promise<ActionRecord> {
  const [row] = await store.sql<ActionRecord>(
    `select action.* from retail_financing_action action
       join retail_financing_application application on application.id = action.application_id
      where application.public_id = $1 and action.kind = $2`,
    [publicId, kind]
  )
  if (!row) throw new Error(`no ${kind} action for ${publicId}`)
  return row
}
