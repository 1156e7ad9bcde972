import type { MedusaContainer } from "@medusajs/framework/types"

import {
  type PlacedFinancedOrder,
  actionsOf,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  fulfilAndShip,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
  sandboxApplication,
} from "../helpers"
import { FaultProxy, type RequestMatcher } from "../helpers/fault-proxy"
import { attemptLogOf } from "../../src/domain/post-sale/unknown-outcome"
import sendFinancingActionsJob from "../../src/jobs/send-financing-actions"

jest.setTimeout(120_000)

/** What the send job does each minute. */
const sendDueActions = (container: MedusaContainer) => sendFinancingActionsJob(container)

const PARTIAL = 4
const RETURN = 2

/*
 * The answers that matter most for a service with no idempotency keys: the service acted and its answer was
 * lost (the proxy forwards, then resets the plugin's connection), the answer came too late (held past the
 * client's 2 s timeout), or the connection was reset before the service saw anything. For each post-sale
 * action the service must end with it applied once (delivery information: at least once, see
 * docs/after-the-sale.md), and the ledger's attempt log must tell what happened.
 */
const proxy = {} as { current: FaultProxy }

financingIntegrationSuite({
  sandbox: { returnSettleMs: 300, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  // Every request of the plugin to the service passes this proxy (then the counting one, then the sandbox).
  beforeBoot: async (financing) => {
    proxy.current = await FaultProxy.start(financing.serviceRequests.url)
    process.env.RETAIL_FINANCING_BASE_URL = proxy.current.url
  },
  testSuite: ({ api, getContainer, financing, seed, adminHeaders, medusaIdle }) => {
    const postSaleOf = (publicId: string) => postSaleIn(financing, publicId)
    const admin = () => adminHeaders
    const faults = () => proxy.current

    afterEach(() => faults().clear())
    afterAll(async () => proxy.current?.close())

    /** A post-sale request, of any application (for a rule) or of one (for a count). */
    const post = (suffix: string, publicId = "[^/]+"): RequestMatcher => ({
      method: "POST",
      path: new RegExp(`^/v2/applications/${publicId}/${suffix}$`),
    })
    const statusReads = (publicId: string): RequestMatcher => ({
      method: "GET",
      path: `/v2/applications/${publicId}/status`,
    })

    async function actionOf(order: PlacedFinancedOrder, kind: string) {
      return eventually(async () => {
        const action = (await actionsOf(getContainer(), order.orderId)).find((found) => found.kind === kind)
        if (!action) throw new Error(`no ${kind} action yet`)
        return action
      }, 20_000)
    }

    /** Waits for the action to reach `state`, and returns it. */
    async function actionIn(order: PlacedFinancedOrder, kind: string, state: string) {
      return eventually(async () => {
        const action = await actionOf(order, kind)
        expect(action.state).toBe(state)
        return action
      }, 20_000)
    }

    /** Makes every unknown outcome due for its check now, as if its backoff had run out. */
    async function makeChecksDue(order: PlacedFinancedOrder) {
      const unknown = (await actionsOf(getContainer(), order.orderId)).filter(
        (action) => action.state === "unknown"
      )
      await financingLedger(getContainer()).updateFinancingActions(
        unknown.map((action) => ({ id: action.id, next_attempt_at: new Date(Date.now() - 1000) }))
      )
    }

    const attempts = (action: { attempt_log: unknown }) =>
      attemptLogOf(action.attempt_log).map((attempt) => ({
        outcome: attempt.outcome,
        checks: (attempt.checks ?? []).map((check) => check.verdict),
      }))

    it("a return whose answer was lost is not sent again: the Partial already moved the contract by $7", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const signedFor = (await sandboxApplication(financing.sandbox, order.publicId)).contract.invoiceAmount!
      const dropped = faults()
        .add({ match: post("requestreturn"), fault: { drop: true }, times: 1 })
        .hit()

      await api.post(
        `/admin/retail-financing/orders/${order.orderId}/returns`,
        { return_type: "partial", amount: 7 },
        admin()
      )
      await dropped
      const unknown = await actionIn(order, "return", "unknown")
      expect(unknown.last_error).toMatch(/^outcome unknown: /)
      expect(attempts(unknown)).toEqual([{ outcome: "unknown", checks: [] }])
      // The merchant's view says so.
      const { data } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
      const view = data.financing.actions.find((action: { kind: string }) => action.kind === "return")
      expect(view).toEqual(expect.objectContaining({ state: "unknown", outcome_unknown: true }))
      expect(view.attempt_log).toEqual([expect.objectContaining({ number: 1, outcome: "unknown" })])

      // The service settles the Partial before the check: no pending return is left to see, only the amount.
      await eventually(async () => {
        const application = await sandboxApplication(financing.sandbox, order.publicId)
        expect(application.status).toBe("SignedWaitingForInvoice")
        expect(application.contract.invoiceAmount).toBe(signedFor - 7)
      }, 20_000)
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "return", "succeeded")
      expect(done.result).toMatch(/^carried out by attempt 1 /)
      expect(attempts(done)).toEqual([{ outcome: "unknown", checks: ["applied"] }])
      expect(done.attempts).toBe(1)
      expect(faults().count(post("requestreturn", order.publicId))).toBe(1)
      const service = await postSaleOf(order.publicId)
      expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: PARTIAL, amount: 7 })])
      expect((await sandboxApplication(financing.sandbox, order.publicId)).contract.invoiceAmount).toBe(
        signedFor - 7
      )
    })

    it("a return the service never saw (reset before forwarding) is sent again once, after the check", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const reset = faults()
        .add({ match: post("requestreturn"), fault: { refuse: "reset" }, times: 1 })
        .hit()

      await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin())
      await reset
      await actionIn(order, "return", "unknown")
      expect((await postSaleOf(order.publicId)).returnRequests).toHaveLength(0)

      const readsBefore = faults().count(statusReads(order.publicId))
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "return", "succeeded")
      expect(attempts(done)).toEqual([
        { outcome: "unknown", checks: ["absent"] },
        { outcome: "accepted", checks: [] },
      ])
      expect(done.attempts).toBe(2)
      // The check read the status before the second request left.
      expect(faults().count(statusReads(order.publicId))).toBeGreaterThan(readsBefore)
      expect(faults().countForwarded(post("requestreturn", order.publicId))).toBe(1)
      expect((await postSaleOf(order.publicId)).returnRequests).toEqual([
        expect.objectContaining({ returnType: RETURN }),
      ])
    })

    it("an invoice whose answer was lost is not uploaded again: the contract left SignedWaitingForInvoice", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const dropped = faults()
        .add({ match: post("uploadinvoice"), fault: { drop: true }, times: 1 })
        .hit()

      await fulfilAndShip(api, admin(), seed, order.orderId)
      await dropped
      await actionIn(order, "invoice", "unknown")
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "invoice", "succeeded")
      expect(attempts(done)).toEqual([{ outcome: "unknown", checks: ["applied"] }])
      expect(faults().count(post("uploadinvoice", order.publicId))).toBe(1)
      expect((await postSaleOf(order.publicId)).invoices).toHaveLength(1)
    })

    it("an invoice the service never saw is uploaded again once", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      faults().add({ match: post("uploadinvoice"), fault: { refuse: "reset" }, times: 1 })

      await fulfilAndShip(api, admin(), seed, order.orderId)
      await actionIn(order, "invoice", "unknown")
      expect((await postSaleOf(order.publicId)).invoices).toHaveLength(0)
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "invoice", "succeeded")
      expect(attempts(done)).toEqual([
        { outcome: "unknown", checks: ["absent"] },
        { outcome: "accepted", checks: [] },
      ])
      expect((await postSaleOf(order.publicId)).invoices).toHaveLength(1)
    })

    it("delivery information whose answer was lost is sent again (at least once: its effect cannot be seen)", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const dropped = faults()
        .add({ match: post("deliveryinformation"), fault: { drop: true }, times: 1 })
        .hit()

      await fulfilAndShip(api, admin(), seed, order.orderId)
      await dropped
      await actionIn(order, "delivery", "unknown")
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "delivery", "succeeded")
      expect(attempts(done)).toEqual([
        { outcome: "unknown", checks: ["unseeable"] },
        { outcome: "accepted", checks: [] },
      ])
      const check = attemptLogOf(done.attempt_log)[0].checks![0]
      expect(check.seen).toMatch(/harmless/)
      // What the docs say: the service holds the same delivery record twice.
      const { deliveries } = await postSaleOf(order.publicId)
      expect(deliveries).toHaveLength(2)
      expect(deliveries[1]).toEqual(deliveries[0] && expect.objectContaining({ trackingNumber: "TRACK-123" }))
    })

    it("order references whose answer came too late are sent again, and the service keeps them once", async () => {
      // Held past the client's 2 s timeout: the service acted, the plugin saw a timeout.
      const held = faults()
        .add({ match: post("orders"), fault: { hold: 3500 }, times: 1 })
        .hit()
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      await held
      const unknown = await actionIn(order, "order_references", "unknown")
      expect(unknown.last_error).toMatch(/no answer within 2000 ms/)
      await makeChecksDue(order)
      await sendDueActions(getContainer())

      const done = await actionIn(order, "order_references", "succeeded")
      expect(attempts(done)).toEqual([
        { outcome: "unknown", checks: ["unseeable"] },
        { outcome: "accepted", checks: [] },
      ])
      expect(faults().countForwarded(post("orders", order.publicId))).toBe(2)
      expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
    })

    it("order references whose first send fails inside Medusa stay in the ledger, and the send job sends them", async () => {
      // The subscriber's send loses its database connection (a store under load): not the service's failure,
      // so nothing is recorded on the action. It used to undo the recording, and the order_placed event is
      // not delivered again: the action was gone.
      const ledger = financingLedger(getContainer())
      const lostConnection = jest
        .spyOn(ledger.actions, "claim")
        .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"))
      try {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await medusaIdle()
        expect(lostConnection).toHaveBeenCalled()

        const recorded = await actionIn(order, "order_references", "pending")
        expect(faults().countForwarded(post("orders", order.publicId))).toBe(0)
        await sendDueActions(getContainer())

        const done = await actionIn(order, "order_references", "succeeded")
        expect(done.id).toBe(recorded.id)
        expect((await postSaleOf(order.publicId)).orderReferences).toContain(order.orderId)
      } finally {
        lostConnection.mockRestore()
      }
    })
  },
})
