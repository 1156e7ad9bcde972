import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { FINANCING_EVENTS, type FinancingEventName } from "../../src/domain/events/financing-events"
import { sendFinancingActionWorkflow } from "../../src/workflows/post-sale/workflows/send-financing-action"
import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  SYSTEM_PAYMENT_PROVIDER_ID,
  actionsOf,
  callbackBody,
  type CheckoutSeed,
  callbacksSettled,
  createStockedVariant,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  placeFinancedOrder,
  postCallback,
  sandboxApplication,
  setStock,
  startFinancedCart,
} from "../helpers"

/*
 * The plugin's own events, read as a store's subscriber reads them: each change of the ledger told once,
 * however often the service calls back and however often reconciliation runs; and the admin's bell rung
 * once per opened exception.
 */

type Heard = { name: string; data: Record<string, unknown> }

/** A subscriber of the test's own on Medusa's event bus, for every event of the plugin. */
function listen(container: MedusaContainer): Heard[] {
  const heard: Heard[] = []
  const bus = container.resolve(Modules.EVENT_BUS)
  for (const name of Object.values(FINANCING_EVENTS)) {
    bus.subscribe(
      name,
      async (event) => {
        heard.push({ name: event.name, data: event.data as Record<string, unknown> })
      },
      { subscriberId: `financing-events-spec-${name}` }
    )
  }
  return heard
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds, then a while longer, so an event that would come twice has time to. */
async function settled(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting for the events")
    await sleep(100)
  }
  await sleep(1_000)
}

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    let heard: Heard[] = []
    const of = (name: FinancingEventName, id: string) =>
      heard.filter((event) => event.name === name && event.data.id === id)

    beforeAll(() => {
      heard = listen(getContainer())
    })

    it("each status change is told once, across a duplicate callback storm and two reconciliation runs", async () => {
      const container = getContainer()
      const { publicId } = await startFinancedCart(api, seed)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 1)
      const [ledger] = await financingLedger(container).listFinancingApplications({ public_id: publicId })

      // The service repeats its callback, ten at once, and reconciliation runs twice: nothing new to tell.
      await Promise.all(Array.from({ length: 10 }, () => postCallback(callbackUrl!, callbackBody(publicId))))
      await reconcileFinancingApplications(container)
      await reconcileFinancingApplications(container)

      await settled(() => of(FINANCING_EVENTS.applicationStatusChanged, ledger.id).length > 0)
      const changes = of(FINANCING_EVENTS.applicationStatusChanged, ledger.id)
      // Each status the ledger recorded, told once, in the order it was recorded.
      const [after] = await financingLedger(container).listFinancingApplications({ public_id: publicId })
      const history = (after.status_history as unknown as { status: string }[]).map(({ status }) => status)
      expect(changes.map(({ data }) => data.to)).toEqual(history.slice(1))
      expect(changes.map(({ data }) => data.from)).toEqual(history.slice(0, -1))
      expect(changes.at(-1)!.data).toEqual({
        id: ledger.id,
        public_id: publicId,
        cart_id: after.cart_id,
        order_id: expect.any(String),
        store_code: after.store_code,
        from: history.at(-2),
        to: "SignedWaitingForInvoice",
      })
      expect(of(FINANCING_EVENTS.exceptionOpened, ledger.id)).toEqual([])
    })

    it("the lender's payment is told once when first seen and once per new status, not per callback or run", async () => {
      const container = getContainer()
      const order = await placeFinancedOrder(api, container, seed, financing)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, order.publicId)
      const payouts = (applicationId: string) =>
        heard.filter(
          (event) =>
            event.name === FINANCING_EVENTS.payoutRecorded && event.data.application_id === applicationId
        )
      const ledgerOf = async () =>
        (await financingLedger(container).listFinancingApplications({ order_id: order.orderId }))[0]!

      // "Fund it" at the sandbox: the callbacks' syncs read the contract's payment.
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      const ledger = await eventually(async () => {
        const row = await ledgerOf()
        if (!row.funding_date) throw new Error("no payment in the ledger yet")
        return row
      }, 30_000)
      // The service repeats its callback, ten at once, and reconciliation runs twice: each read brings the
      // same payment again.
      const storm = () =>
        Promise.all(
          Array.from({ length: 10 }, () => postCallback(callbackUrl!, callbackBody(order.publicId, "Funded")))
        )
      await storm()
      await reconcileFinancingApplications(container)
      await reconcileFinancingApplications(container)
      await settled(() => payouts(ledger.id).length > 0)

      const paid = (await sandboxApplication(financing.sandbox, order.publicId)) as unknown as {
        funding: { amount: number; transferId: string; status: string }
      }
      expect(payouts(ledger.id).map(({ data }) => data)).toEqual([
        {
          application_id: ledger.id,
          order_id: order.orderId,
          amount: paid.funding.amount,
          status: "processed",
          transfer_id: paid.funding.transferId,
        },
      ])

      // The lender's transfer comes back returned: the next read (a callback's) records it, told once more,
      // however many callbacks bring it.
      const moved = await fetch(`${financing.sandbox.url}/sandbox/applications/${order.publicId}/payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ status: "returned" }),
      })
      expect(moved.status).toBe(200)
      await storm()
      await reconcileFinancingApplications(container)
      await settled(() => payouts(ledger.id).length > 1)
      expect(payouts(ledger.id).map(({ data }) => data.status)).toEqual(["processed", "returned"])
      expect((await ledgerOf()).funding_status).toBe("returned")
    })

    it("an exception is told once and rings the admin's bell once; its resolution is told once", async () => {
      const container = getContainer()
      const { collection, publicId } = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, publicId, "Approved")
      await callbacksSettled(financing.sandbox, publicId, 1)
      // Another way to pay, then the shopper signs anyway: a signed contract with no order.
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        { headers: seed.headers }
      )
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      const [ledger] = await financingLedger(container).listFinancingApplications({ public_id: publicId })
      expect(ledger.exception_reason).toBe("session_deleted")

      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)
      await Promise.all(Array.from({ length: 5 }, () => postCallback(callbackUrl!, callbackBody(publicId))))
      await reconcileFinancingApplications(container)
      await reconcileFinancingApplications(container)

      const bell = async () => {
        const { data } = await api.get("/admin/notifications?channel=feed&limit=100", adminHeaders)
        return (
          data.notifications as { resource_id: string; data: { title: string; description: string } }[]
        ).filter((notification) => notification.resource_id === ledger.id)
      }
      await settled(async () => (await bell()).length > 0)
      expect(of(FINANCING_EVENTS.exceptionOpened, ledger.id).map(({ data }) => data)).toEqual([
        { id: ledger.id, reason: "session_deleted", cart_id: ledger.cart_id, order_id: null },
      ])
      const rung = await bell()
      expect(rung).toHaveLength(1)
      expect(rung[0].data.title).toContain(publicId)
      expect(rung[0].data.description).toContain("payment session no longer exists")
      expect(rung[0].data.description).toMatch(/void/i)

      // An event bus may deliver an event twice (Redis retries a subscriber that failed): the bell rings once.
      const opened = of(FINANCING_EVENTS.exceptionOpened, ledger.id)[0]
      await container.resolve(Modules.EVENT_BUS).emit({ name: opened.name, data: opened.data })
      await settled(() => of(FINANCING_EVENTS.exceptionOpened, ledger.id).length === 2)
      expect(await bell()).toHaveLength(1)

      await api.post(`/admin/retail-financing/applications/${ledger.id}/resolve`, {}, adminHeaders)
      const again = await api
        .post(`/admin/retail-financing/applications/${ledger.id}/resolve`, {}, adminHeaders)
        .catch((error: { response: { status: number } }) => error.response)
      await settled(() => of(FINANCING_EVENTS.exceptionResolved, ledger.id).length > 0)
      expect(of(FINANCING_EVENTS.exceptionResolved, ledger.id).map(({ data }) => data)).toEqual([
        { id: ledger.id, reason: "session_deleted", cart_id: ledger.cart_id, order_id: null },
      ])
      expect(again.status).toBe(400)
      expect(await bell()).toHaveLength(1)
    })

    it("an action the service cannot take is told once and rings the bell once, however often it is sent", async () => {
      const container = getContainer()
      const order = await placeFinancedOrder(api, container, seed, financing)
      const sent = await eventually(async () => {
        const action = (await actionsOf(container, order.orderId)).find((a) => a.kind === "order_references")
        expect(action?.state).toBe("succeeded")
        return action!
      })
      // An action of a kind this version has no performer for (a newer version recorded it), due now: its
      // sender moves it to failed, for the merchant.
      await financingLedger(container).updateFinancingActions({
        id: sent.id,
        kind: "future_kind",
        state: "pending",
        next_attempt_at: new Date(),
      })
      const send = () => sendFinancingActionWorkflow(container).run({ input: { action_id: sent.id } })
      await Promise.all([send(), send(), send()])
      await send()

      const bell = async () => {
        const { data } = await api.get("/admin/notifications?channel=feed&limit=100", adminHeaders)
        return (
          data.notifications as { resource_id: string; data: { title: string; description: string } }[]
        ).filter((notification) => notification.resource_id === sent.id)
      }
      await settled(async () => (await bell()).length > 0)
      const [failed] = await financingLedger(container).listFinancingActions({ id: sent.id })
      expect(failed.state).toBe("failed")
      expect(of(FINANCING_EVENTS.actionNeedsAttention, sent.id).map(({ data }) => data)).toEqual([
        {
          id: sent.id,
          application_id: failed.application_id,
          order_id: order.orderId,
          kind: "future_kind",
          reason: failed.last_error,
        },
      ])
      const rung = await bell()
      expect(rung).toHaveLength(1)
      const { data } = await api.get(`/admin/orders/${order.orderId}?fields=display_id`, adminHeaders)
      expect(rung[0].data.title).toContain(`order #${data.order.display_id}`)
      expect(rung[0].data.description).toContain("retry it")
    })

    it("a completion that fails opens its exception once, and the order a later try gives closes it once", async () => {
      const container = getContainer()
      // Two carts signed for the last unit: the second's completion fails.
      const stocked = await createStockedVariant(container, seed, {
        title: "Last lamp",
        price: 499,
        stocked: 1,
      })
      const lastUnit: CheckoutSeed = { ...seed, variantIds: [stocked.variantId] }
      const first = await startFinancedCart(api, lastUnit)
      const second = await startFinancedCart(api, lastUnit)
      await moveApplication(financing.sandbox, first.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, first.publicId, 2)
      await moveApplication(financing.sandbox, second.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, second.publicId, 2)
      const [failed] = await financingLedger(container).listFinancingApplications({
        public_id: second.publicId,
      })
      expect(failed.exception_reason).toBe("completion_failed")
      // Reconciliation before the next try is due, and again after it (still no stock): nothing new.
      await reconcileFinancingApplications(container)
      const due = () =>
        financingLedger(container).updateFinancingApplications({
          id: failed.id,
          next_completion_at: new Date(Date.now() - 1000),
        })
      await due()
      await reconcileFinancingApplications(container)

      await setStock(container, seed, stocked.inventoryItemId, 2)
      await due()
      await reconcileFinancingApplications(container)
      await reconcileFinancingApplications(container)

      await settled(() => of(FINANCING_EVENTS.exceptionResolved, failed.id).length > 0)
      const payload = { id: failed.id, reason: "completion_failed", cart_id: second.cart.id, order_id: null }
      expect(of(FINANCING_EVENTS.exceptionOpened, failed.id).map(({ data }) => data)).toEqual([payload])
      const [closed] = await financingLedger(container).listFinancingApplications({ id: failed.id })
      expect(closed.exception_resolution).toBe("resolved")
      expect(of(FINANCING_EVENTS.exceptionResolved, failed.id).map(({ data }) => data)).toEqual([
        { ...payload, order_id: closed.order_id },
      ])
    })
  },
})
