import { randomUUID } from "node:crypto"

import { startFinancedCart } from "../helpers/financed-order"
import { eventually, moveApplication, sandboxApplication } from "../helpers/financing-environment"
import type { CheckoutSeed } from "../helpers/checkout-seed"
import { fulfilAndShip } from "../helpers/post-sale"
import {
  type ActionRecord,
  type CheckoutUnderTest,
  actionRecord,
  checkoutRecords,
} from "../helpers/medusa-process/checkout-records"
import { useSpawnedStore } from "../helpers/medusa-process/spawned-store"

/*
 * Issue 13: Medusa killed (SIGKILL) while post-sale requests are in flight, each after the service acted
 * (the proxy holds the answer), then started again. A send whose process is gone is taken by the next run
 * of the send job at once, not when its five-minute lease ends, and as a check: a return or an invoice whose
 * effect is at the service is not sent again; delivery information and order references, whose effect no
 * read shows, are sent again (docs/after-the-sale.md). While the process that holds a send is alive, a job
 * in another process leaves it alone. One boot, one kill, one restart for all four kinds.
 */

// The client waits as long as it may, so a held answer keeps its send in flight until the kill.
const store = useSpawnedStore({ scheduledJobs: false, pluginOptions: { timeoutMs: 120_000 } })

const SIGNED = "SignedWaitingForInvoice"
// The job's file in src/jobs (run-job.js loads it by file name).
const SEND_JOB = "send-financing-actions"

interface PlacedOrder extends CheckoutUnderTest {
  orderId: string
}

type ActionRow = ActionRecord

async function placeOrder(name: string): Promise<PlacedOrder> {
  const email = `post-sale-crash-${name}-${randomUUID().slice(0, 8)}@retail-financing.test`
  const { cart, publicId } = await startFinancedCart(store.api, store.checkout, {
    items: [{ variantIndex: 0, quantity: 1 }],
    email,
  })
  const checkout = { cartId: cart.id, email, publicId }
  await moveApplication(store.sandbox, publicId, SIGNED)
  const orderId = await eventually(
    async () => {
      const [order] = (await checkoutRecords(store, checkout)).orders
      if (!order) throw new Error(`no order for ${publicId} yet`)
      return order.id
    },
    30_000,
    250
  )
  return { ...checkout, orderId }
}

const actionOf = (order: PlacedOrder, kind: string) => actionRecord(store, order.publicId, kind)

const post = (order: PlacedOrder, suffix: string) => ({
  method: "POST",
  path: `/v2/applications/${order.publicId}/${suffix}`,
})

const outcomes = (row: ActionRow) =>
  (row.attempt_log ?? []).map((attempt) => ({
    outcome: attempt.outcome ?? null,
    checks: (attempt.checks ?? []).map((check) => check.verdict),
  }))

describe("a Medusa process killed with SIGKILL while post-sale requests are in flight", () => {
  it("takes each abandoned send at the next job run, never sends a return or an invoice again, resends the harmless ones", async () => {
    const admin = await store.adminHeaders()
    const [stockLocation] = await store.sql<{ id: string }>(
      `select id from stock_location where deleted_at is null limit 1`
    )
    const seed = { stockLocationId: stockLocation.id } as CheckoutSeed

    const returned = await placeOrder("return")
    const invoiced = await placeOrder("invoice")
    const delivered = await placeOrder("delivery")
    for (const order of [returned, invoiced, delivered]) {
      await eventually(async () =>
        expect((await actionOf(order, "order_references")).state).toBe("succeeded")
      )
    }

    // Each request reaches the service, which acts; its answer is held until Medusa is killed.
    const holdAnswer = (order: PlacedOrder, suffix: string) =>
      store.service.add({ match: post(order, suffix), fault: { hold: "until-released" } })
    const returnHeld = holdAnswer(returned, "requestreturn").hit()
    void store.api
      .post(
        `/admin/retail-financing/orders/${returned.orderId}/returns`,
        { return_type: "partial", amount: 7 },
        admin
      )
      .catch(() => undefined)
    await returnHeld

    const invoiceHeld = holdAnswer(invoiced, "uploadinvoice").hit()
    void fulfilAndShip(store.api, admin, seed, invoiced.orderId).catch(() => undefined)
    await invoiceHeld

    const deliveryHeld = holdAnswer(delivered, "deliveryinformation").hit()
    await fulfilAndShip(store.api, admin, seed, delivered.orderId)
    await deliveryHeld

    // The order references of a fourth order, held as it is placed.
    const referencesHeld = store.service
      .add({
        match: { method: "POST", path: /^\/v2\/applications\/[^/]+\/orders$/ },
        fault: { hold: "until-released" },
      })
      .hit()
    const referenced = await placeOrder("references")
    await referencesHeld

    const inFlight: [PlacedOrder, string][] = [
      [returned, "return"],
      [invoiced, "invoice"],
      [delivered, "delivery"],
      [referenced, "order_references"],
    ]
    // The premise: each is being sent by Medusa's process, with its attempt logged and no outcome, and the
    // service has already acted on each.
    const atKill = new Map<string, ActionRow>()
    for (const [order, kind] of inFlight) {
      const row = await actionOf(order, kind)
      expect({ kind, state: row.state, outcomes: outcomes(row) }).toEqual({
        kind,
        state: "sending",
        outcomes: [{ outcome: null, checks: [] }],
      })
      expect(row.sender?.pid).not.toBe(process.pid)
      expect(new Date(row.lease_until!).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000)
      atKill.set(kind, row)
    }
    const service = async (order: PlacedOrder) =>
      (await sandboxApplication(store.sandbox, order.publicId)) as unknown as {
        returnRequests: unknown[]
        invoices: unknown[]
        deliveries: unknown[]
        orderReferences: string[]
      }
    expect((await service(returned)).returnRequests).toHaveLength(1)
    expect((await service(invoiced)).invoices).toHaveLength(1)
    expect((await service(delivered)).deliveries).toHaveLength(1)
    expect((await service(referenced)).orderReferences).toHaveLength(2)

    // A job in another process while the sender is alive: a different process, not a gone one.
    await store.runJob(SEND_JOB)
    for (const [order, kind] of inFlight) expect((await actionOf(order, kind)).state).toBe("sending")

    await store.kill()
    store.service.clear()
    await store.start()
    await store.runJob(SEND_JOB)

    for (const [order, kind] of inFlight) {
      const row = await actionOf(order, kind)
      expect({ kind, state: row.state }).toEqual({ kind, state: "succeeded" })
      // Well before the dead sender's lease would have ended.
      expect(Date.now()).toBeLessThan(new Date(atKill.get(kind)!.lease_until!).getTime())
    }

    // Return and invoice: seen at the service, not sent again.
    for (const [order, kind, suffix] of [
      [returned, "return", "requestreturn"],
      [invoiced, "invoice", "uploadinvoice"],
    ] as const) {
      const row = await actionOf(order, kind)
      expect({ kind, outcomes: outcomes(row) }).toEqual({
        kind,
        outcomes: [{ outcome: "unknown", checks: ["applied"] }],
      })
      expect(row.result).toMatch(/^carried out by attempt 1 /)
      expect(store.service.countForwarded(post(order, suffix))).toBe(1)
    }
    const { returnRequests } = await service(returned)
    expect(returnRequests).toEqual([expect.objectContaining({ returnType: 4, amount: 7 })])
    expect((await service(invoiced)).invoices).toHaveLength(1)

    // Delivery information and order references: sent again, as the docs say.
    for (const [order, kind, suffix] of [
      [delivered, "delivery", "deliveryinformation"],
      [referenced, "order_references", "orders"],
    ] as const) {
      const row = await actionOf(order, kind)
      expect({ kind, outcomes: outcomes(row) }).toEqual({
        kind,
        outcomes: [
          { outcome: "unknown", checks: ["unseeable"] },
          { outcome: "accepted", checks: [] },
        ],
      })
      expect(store.service.countForwarded(post(order, suffix))).toBe(2)
    }
    expect((await service(delivered)).deliveries).toHaveLength(2)
    expect((await service(referenced)).orderReferences).toHaveLength(2)
  }, 240_000)
})
