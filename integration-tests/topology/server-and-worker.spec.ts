import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"

import type { CheckoutSeed } from "../helpers/checkout-seed"
import { callbackBody, postCallback } from "../helpers/checkout-state"
import { startFinancedCart } from "../helpers/financed-order"
import {
  callbacksSettled,
  eventually,
  moveApplication,
  sandboxApplication,
} from "../helpers/financing-environment"
import {
  type CheckoutUnderTest,
  actionRecord,
  checkoutRecords,
} from "../helpers/medusa-process/checkout-records"
import { type MedusaInstance, processGroupOf } from "../helpers/medusa-process/medusa-instance"
import { useTopology } from "../helpers/medusa-process/topology"
import type { SandboxPostSale } from "../helpers/post-sale"
import { fulfilAndShip, orderItems } from "../helpers/post-sale"

/*
 * Issue 15: the plugin in Medusa's production topology. Two server processes and a worker of the same app
 * (spawned `medusa start`, MEDUSA_WORKER_MODE server / worker), one PostgreSQL database, one Redis database
 * of the test's own through Medusa's Redis modules (event bus, workflow engine, locking, cache:
 * demo/medusa/redis-modules.js), the sandbox as the service. The service's callbacks land on server A.
 * One boot for every case; the cases run in order and share the processes.
 *
 * Schedules: every worker sends due post-sale actions every 2 s. The first worker's reconciliation is set
 * for New Year's midnight, so nothing reconciles behind the checkout cases (a worker killed mid-run would
 * also hold the job's lock for a minute); the workers started after the kill reconcile every 2 s, for the
 * last case: two workers, and each tick runs once across the deployment.
 */

const EVERY_TWO_SECONDS = "*/2 * * * * *"
const topology = useTopology({
  pluginOptions: {
    // A held answer keeps its send in flight until the kill (the client would give up sooner).
    timeoutMs: 120_000,
    sendActionsSchedule: EVERY_TWO_SECONDS,
    reconcileSchedule: "0 0 1 1 *",
  },
})

const SIGNED = "SignedWaitingForInvoice"
const RECONCILE_EVERY_MS = 2_000
/** The link table completeCartWorkflow writes an order's cart link to, after it made the order. */
const CART_LINK = "order_cart"
/** How long a second completion is given to reach the held link table, when nothing stops it. */
const SECOND_COMPLETION_WINDOW_MS = 3_000

interface PlacedOrder extends CheckoutUnderTest {
  orderId: string
}

async function startCheckout(name: string, on: MedusaInstance): Promise<CheckoutUnderTest> {
  const email = `topology-${name}-${randomUUID().slice(0, 8)}@retail-financing.test`
  const { cart, publicId } = await startFinancedCart(on.api, topology.store.checkout, {
    items: [{ variantIndex: 0, quantity: 1 }],
    email,
  })
  return { cartId: cart.id, email, publicId }
}

/** The shopper's POST /store/carts/:id/complete on one server: its answer's type and order id. */
async function completeOn(on: MedusaInstance, checkout: CheckoutUnderTest) {
  const { status, data } = await on.api.post<{ type: string; order?: { id: string }; message?: string }>(
    `/store/carts/${checkout.cartId}/complete`,
    {},
    { headers: topology.store.checkout.headers, validateStatus: () => true }
  )
  // Medusa's message, when it answered something else than the order, says what went wrong.
  return {
    status,
    type: data.type,
    orderId: data.order?.id,
    ...(data.order ? {} : { message: data.message }),
  }
}

/** Exactly one order for the checkout, linked to its cart, paid by its authorized session, in the ledger. */
async function expectOneOrder(checkout: CheckoutUnderTest): Promise<string> {
  return eventually(
    async () => {
      const records = await checkoutRecords(topology.store, checkout)
      expect(records.orders).toHaveLength(1)
      const [order] = records.orders
      expect(records.cartOrderIds).toEqual([order.id])
      expect(records.sessions.map((session) => session.status)).toEqual(["authorized"])
      expect(records.payments).toEqual([expect.objectContaining({ order_id: order.id, canceled_at: null })])
      expect(records.ledger).toEqual([
        expect.objectContaining({ order_id: order.id, exception_reason: null }),
      ])
      return order.id
    },
    30_000,
    250
  ).catch((error: Error) => {
    error.message += `\n\n${topology.serverA.logTail(15)}\n\n${topology.serverB.logTail(15)}`
    throw error
  })
}

/** A financed checkout signed at the service; its order made by the callback on server A. */
async function placeOrder(name: string): Promise<PlacedOrder> {
  const checkout = await startCheckout(name, topology.serverA)
  await moveApplication(topology.store.sandbox, checkout.publicId, SIGNED)
  return { ...checkout, orderId: await expectOneOrder(checkout) }
}

const actionOf = (order: PlacedOrder, kind: string) => actionRecord(topology.store, order.publicId, kind)

const postSaleAt = async (order: PlacedOrder) =>
  (await sandboxApplication(topology.store.sandbox, order.publicId)) as unknown as SandboxPostSale

const servicePost = (order: PlacedOrder, suffix: string) => ({
  method: "POST",
  path: `/v2/applications/${order.publicId}/${suffix}`,
})

/** The callback URL the service was given for a checkout, on another server's origin. */
async function callbackUrlOn(on: MedusaInstance, checkout: CheckoutUnderTest): Promise<string> {
  const { callbackUrl } = await sandboxApplication(topology.store.sandbox, checkout.publicId)
  if (!callbackUrl) throw new Error(`${checkout.publicId} has no callback URL`)
  return `${on.url}${new URL(callbackUrl).pathname}`
}

describe("two servers and a worker on PostgreSQL and Redis", () => {
  it("makes one order when the signed callback lands on server A and the shopper completes on server B, whichever comes first", async () => {
    // Each time, the first completion is stopped after it made the order and before it linked it to the cart
    // (the link table's writes are held), while the other server's completion arrives: only a lock both
    // processes see makes the second wait and find that order, instead of completing the cart beside it.
    const linked = async (
      first: (checkout: CheckoutUnderTest) => Promise<unknown>,
      second: (checkout: CheckoutUnderTest) => Promise<unknown>,
      checkout: CheckoutUnderTest
    ) => {
      const links = await topology.store.holdWrites([CART_LINK])
      try {
        await first(checkout)
        await eventually(async () => expect(await topology.store.writesWaitingOn(CART_LINK)).toBe(1), 30_000)
        await second(checkout)
        // The second completion waits for the first's lock (nothing to see) or, without a shared lock, runs
        // beside it as far as the held table.
        await eventually(
          async () => expect(await topology.store.writesWaitingOn(CART_LINK)).toBeGreaterThan(1),
          SECOND_COMPLETION_WINDOW_MS
        ).catch(() => undefined)
      } finally {
        await links.release()
      }
    }

    // The service's signed callback first, on server A; the shopper's complete on server B while it runs.
    const callbackFirst = await startCheckout("callback-first", topology.serverB)
    let shopperAnswer: ReturnType<typeof completeOn> | undefined
    await linked(
      (checkout) => moveApplication(topology.store.sandbox, checkout.publicId, SIGNED),
      async (checkout) => {
        shopperAnswer = completeOn(topology.serverB, checkout)
      },
      callbackFirst
    )
    const firstOrder = await expectOneOrder(callbackFirst)
    expect(await shopperAnswer).toEqual({ status: 200, type: "order", orderId: firstOrder })

    // The shopper first, on server B (the service's callback held on its way); the callback to server A
    // let go while the shopper's completion runs.
    const shopperFirst = await startCheckout("shopper-first", topology.serverB)
    // Every callback of the application waits (the sandbox sends one per step of the walk to signed).
    const callback = topology.store.callbacks.add({
      match: { path: new URL(await callbackUrlOn(topology.serverA, shopperFirst)).pathname },
      fault: { hold: "until-released", phase: "request" },
    })
    const callbackHeld = callback.hit()
    await moveApplication(topology.store.sandbox, shopperFirst.publicId, SIGNED)
    await callbackHeld
    await linked(
      async (checkout) => {
        shopperAnswer = completeOn(topology.serverB, checkout)
      },
      async () => callback.release(),
      shopperFirst
    )
    const secondOrder = await expectOneOrder(shopperFirst)
    expect(await shopperAnswer).toEqual({ status: 200, type: "order", orderId: secondOrder })

    for (const checkout of [callbackFirst, shopperFirst]) {
      // Server A answered the service's signed callback (through the callbacks proxy, its only way in).
      const settled = await callbacksSettled(topology.store.sandbox, checkout.publicId)
      expect(settled.callbacks.filter((sent) => sent.status === SIGNED)).toEqual([
        expect.objectContaining({ delivered: true }),
      ])
    }
  }, 120_000)

  it("makes one order from 100 duplicate callbacks spread over both servers, none answered 5xx", async () => {
    const checkout = await startCheckout("duplicates", topology.serverA)
    const urls = [
      await callbackUrlOn(topology.serverA, checkout),
      await callbackUrlOn(topology.serverB, checkout),
    ]
    await moveApplication(topology.store.sandbox, checkout.publicId, SIGNED)

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        postCallback(urls[index % 2], callbackBody(checkout.publicId)).then(({ status }) => status)
      )
    )

    // 200 (synced) or 202 (another sync of the application reads again for it): no 5xx, no refusal.
    expect(answers.filter((status) => status !== 200 && status !== 202)).toEqual([])
    await expectOneOrder(checkout)
    await callbacksSettled(topology.store.sandbox, checkout.publicId)
  }, 90_000)

  it("sends the invoice, the delivery and the return from the worker, each once, for a fulfilment, a shipment and a refund made on server A", async () => {
    const order = await placeOrder("post-sale")
    const admin = await topology.store.adminHeaders()
    const [location] = await topology.store.sql<{ id: string }>(
      `select id from stock_location where deleted_at is null limit 1`
    )
    await fulfilAndShip(
      topology.serverA.api,
      admin,
      { stockLocationId: location.id } as CheckoutSeed,
      order.orderId
    )
    await moveApplication(topology.store.sandbox, order.publicId, "Funded")
    const payment = await eventually(async () => {
      const [row] = await topology.store.sql<{ id: string; captured_at: Date | null }>(
        `select p.id, p.captured_at from payment p
           join order_payment_collection link on link.payment_collection_id = p.payment_collection_id
          where link.order_id = $1 and p.deleted_at is null`,
        [order.orderId]
      )
      if (!row?.captured_at) throw new Error(`${order.orderId}: the Funded contract is not captured yet`)
      return row
    }, 30_000)
    await topology.serverA.api.post(`/admin/payments/${payment.id}/refund`, { amount: 40 }, admin)

    const kinds = ["invoice", "delivery", "return"] as const
    await eventually(
      async () => {
        for (const kind of kinds)
          expect({ kind, state: (await actionOf(order, kind)).state }).toEqual({ kind, state: "succeeded" })
      },
      30_000,
      250
    )
    const service = await postSaleAt(order)
    expect(service.invoices).toHaveLength(1)
    expect(service.deliveries).toHaveLength(1)
    expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: 4, amount: 40 })])
    for (const suffix of ["uploadinvoice", "deliveryinformation", "requestreturn"]) {
      expect({ suffix, sent: topology.store.service.countForwarded(servicePost(order, suffix)) }).toEqual({
        suffix,
        sent: 1,
      })
    }
    // Sent by the worker: every attempt's process is in the worker's process group, none in a server's.
    for (const kind of kinds) {
      const attempts = (await actionOf(order, kind)).attempt_log ?? []
      expect(attempts.map((attempt) => processGroupOf(attempt.sender!.pid))).toEqual([
        topology.worker.processGroup,
      ])
    }
  }, 90_000)

  it("completes a send once when the worker is killed with it in flight and new workers start", async () => {
    const order = await placeOrder("killed-worker")
    await eventually(
      async () => expect((await actionOf(order, "order_references")).state).toBe("succeeded"),
      30_000
    )
    const admin = await topology.store.adminHeaders()
    const [location] = await topology.store.sql<{ id: string }>(
      `select id from stock_location where deleted_at is null limit 1`
    )

    // The service takes the invoice; its answer is held until the worker is gone.
    const held = topology.store.service.add({
      match: servicePost(order, "uploadinvoice"),
      fault: { hold: "until-released" },
    })
    const inFlight = held.hit()
    const items = await orderItems(topology.serverA.api, admin, order.orderId)
    await topology.serverA.api.post(
      `/admin/orders/${order.orderId}/fulfillments`,
      { items, location_id: location.id },
      admin
    )
    await inFlight
    const sending = await actionOf(order, "invoice")
    expect(sending.state).toBe("sending")
    expect(processGroupOf(sending.sender!.pid)).toBe(topology.worker.processGroup)
    expect((await postSaleAt(order)).invoices).toHaveLength(1)

    await topology.worker.kill()
    topology.store.service.clear()
    // A replacement and one more: the next case wants two workers.
    const workers = await Promise.all(
      ["worker 2", "worker 3"].map((name) =>
        topology.store.addInstance(name, "worker", {
          pluginOptions: { reconcileSchedule: EVERY_TWO_SECONDS },
        })
      )
    )
    await Promise.all(workers.map((worker) => worker.start()))

    const done = await eventually(
      async () => {
        const row = await actionOf(order, "invoice")
        expect(row.state).toBe("succeeded")
        return row
      },
      60_000,
      250
    )
    // Issue 9's rule: an invoice whose effect is at the service is found there, not sent again.
    expect(
      (done.attempt_log ?? []).map((attempt) => ({
        outcome: attempt.outcome,
        checks: (attempt.checks ?? []).map((check) => check.verdict),
      }))
    ).toEqual([{ outcome: "unknown", checks: ["applied"] }])
    expect(topology.store.service.countForwarded(servicePost(order, "uploadinvoice"))).toBe(1)
    expect((await postSaleAt(order)).invoices).toHaveLength(1)
  }, 240_000)

  it("runs the reconciliation once per tick across the deployment, with two workers", async () => {
    // An application the reconciliation must follow: started, never signed. Each run lists its day once.
    await startCheckout("reconciled", topology.serverA)
    const listCalls = () =>
      topology.store.service.log.filter(
        (entry) => entry.method === "GET" && /^\/v2\/applications\/from\/[^/]+\/at\/[\d-]+$/.test(entry.path)
      )
    // The workers' schedule is running once a list call arrives.
    const before = listCalls().length
    await eventually(async () => expect(listCalls().length).toBeGreaterThan(before), 20_000, 100)

    const windowMs = 6 * RECONCILE_EVERY_MS
    const from = Date.now()
    await sleep(windowMs)
    const calls = listCalls().filter((entry) => entry.at >= from && entry.at < from + windowMs)
    // Per day listed (applications of two days, around midnight UTC, are listed with two calls per run).
    const perDay = new Map<string, number[]>()
    for (const call of calls) perDay.set(call.path, [...(perDay.get(call.path) ?? []), call.at - from])
    const ticks = windowMs / RECONCILE_EVERY_MS
    expect(perDay.size).toBeGreaterThan(0)
    for (const [path, times] of perDay) {
      // Once per tick: one more when a run falls at the window's edge, fewer when runs are late under load
      // (a run still going when the next tick comes makes that tick give way to it); never a second run of
      // a tick, which each worker running every tick would make (twice as many).
      const runs = `${path}: ${times.length} runs in ${ticks} ticks, at ${times.join(", ")} ms`
      expect(times.length >= 2 && times.length <= ticks + 1 ? "once per tick" : runs).toBe("once per tick")
    }
  }, 90_000)
})
