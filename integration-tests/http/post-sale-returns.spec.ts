import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import {
  type PlacedFinancedOrder,
  actionsOf,
  eventually,
  financingIntegrationSuite,
  fulfilAndShip,
  receiveReturnOfOne,
  makeRetriesDue,
  moveApplication,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
  setSandboxFaults,
} from "../helpers"
import type { OrderFinancingResponse } from "../../src/domain/admin-api/types"
import { followOpenReturnsWorkflow } from "../../src/workflows/post-sale/workflows/follow-open-returns"
import { sendFinancingActions } from "../../src/workflows/post-sale/utils/send-actions"
import sendFinancingActionsJob from "../../src/jobs/send-financing-actions"

jest.setTimeout(120_000)

/** What the send job does each minute, and the reconciliation job's following of open returns. */
const sendDueActions = (container: MedusaContainer) => sendFinancingActionsJob(container)
const followOpenReturns = async (container: MedusaContainer) => {
  const { result } = await followOpenReturnsWorkflow(container).run()
  await sendFinancingActions(container, result.released_action_ids)
}

const RETURN = 2
const PARTIAL = 4
const REDRAFT = 1

financingIntegrationSuite({
  sandbox: { returnSettleMs: 1500, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders, medusaIdle }) => {
    const postSaleOf = (publicId: string) => postSaleIn(financing, publicId)
    const admin = () => adminHeaders
    const container = () => getContainer()

    /** Funded, so Medusa captures the payment and a refund is possible. */
    async function capturedPayment(order: PlacedFinancedOrder) {
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      const payments = getContainer().resolve(Modules.PAYMENT)
      return eventually(async () => {
        const [found] = await payments.listPayments({ payment_session_id: order.sessionId })
        if (!found?.captured_at) throw new Error("not captured yet")
        return found
      }, 20_000)
    }

    const returnRequestsOf = async (order: PlacedFinancedOrder) =>
      (await postSaleOf(order.publicId)).returnRequests

    /**
     * The sandbox settles a return after returnSettleMs, long enough that the read right after sending sees
     * it pending. Waiting for the settled status lets the next request through.
     */
    const settled = (order: PlacedFinancedOrder, status: string) =>
      eventually(async () => expect((await postSaleOf(order.publicId)).status).toBe(status), 20_000)

    describe("return requests", () => {
      it("sends one Return when a signed order is canceled", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin())

        const [request] = await eventually(async () => {
          const requests = await returnRequestsOf(order)
          expect(requests).toHaveLength(1)
          return requests
        }, 20_000)
        expect(request).toEqual(expect.objectContaining({ returnType: RETURN, agentName: "Store Agent" }))
        expect(request.amount).toBeUndefined()
        await settled(order, "Returned")
      })

      it("sends one Return for a full refund, and shows Returned", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const payment = await capturedPayment(order)

        await api.post(`/admin/payments/${payment.id}/refund`, { amount: Number(payment.amount) }, admin())
        await eventually(async () => {
          expect(await returnRequestsOf(order)).toEqual([expect.objectContaining({ returnType: RETURN })])
        }, 20_000)
        expect((await returnRequestsOf(order))[0].amount).toBeUndefined()

        // The service settles it; the ledger follows and the widget's route shows Returned.
        await settled(order, "Returned")
        await eventually(async () => {
          const { data } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
          expect(data.financing.application.status).toBe("Returned")
        }, 20_000)
        const events = getContainer().resolve(Modules.EVENT_BUS)
        await events.emit({ name: "payment.refunded", data: { id: payment.id } })
        // Its subscribers have run (not a guess at how long they take), so "nothing new" is a finding.
        await medusaIdle()
        expect(await returnRequestsOf(order)).toHaveLength(1)
      })

      it("sends a Partial for a partial refund, then a Return for the rest once the first settled", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const payment = await capturedPayment(order)

        await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin())
        await eventually(async () => {
          expect(await returnRequestsOf(order)).toEqual([
            expect.objectContaining({ returnType: PARTIAL, amount: 100 }),
          ])
        }, 20_000)

        const rest = Number(payment.amount) - 100
        await api.post(`/admin/payments/${payment.id}/refund`, { amount: rest }, admin())
        await eventually(async () => {
          const requests = await returnRequestsOf(order)
          expect(requests).toHaveLength(2)
          expect(requests[1]).toEqual(expect.objectContaining({ returnType: RETURN }))
        }, 30_000)
      })

      it("sends one Partial for a received return, with the mapped reason, and none for its refund", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing, {
          items: [
            { variantIndex: 0, quantity: 1 },
            { variantIndex: 1, quantity: 2 },
          ],
        })
        const payment = await capturedPayment(order)
        await fulfilAndShip(api, admin(), seed, order.orderId)
        const { data: reasonData } = await api.post(
          "/admin/return-reasons",
          { value: "damaged-in-transit", label: "Item arrived damaged or defective" },
          admin()
        )

        const returnedCents = await receiveReturnOfOne(api, admin(), seed, order.orderId, {
          variantIndex: 1,
          reasonId: reasonData.return_reason.id,
        })
        const [request] = await eventually(async () => {
          const requests = await returnRequestsOf(order)
          expect(requests).toHaveLength(1)
          return requests
        }, 20_000)
        expect(request).toEqual(
          expect.objectContaining({
            returnType: PARTIAL,
            amount: returnedCents / 100,
            returnReasonPublicId: "damaged",
            reason: "Item arrived damaged or defective",
          })
        )
        // The order widget's data says what the request asked, the reason among it.
        const { data: widget } = await api.get<OrderFinancingResponse>(
          `/admin/retail-financing/orders/${order.orderId}`,
          admin()
        )
        expect(widget.financing?.actions.find((action) => action.kind === "return")?.return_request).toEqual({
          return_type: "partial",
          amount: returnedCents / 100,
          return_reason_id: "damaged",
          reason: "Item arrived damaged or defective",
        })

        // The merchant refunds what the return is worth: the same money, so no second request.
        await api.post(`/admin/payments/${payment.id}/refund`, { amount: returnedCents / 100 }, admin())
        // Its subscribers have run (not a guess at how long they take), so "nothing new" is a finding.
        await medusaIdle()
        expect(await returnRequestsOf(order)).toHaveLength(1)
        const returns = (await actionsOf(container(), order.orderId)).filter((a) => a.kind === "return")
        expect(returns).toHaveLength(1)
      })

      it("asks for a Redraft, once, when a signed order is edited to a new total", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await api.post("/admin/order-edits", { order_id: order.orderId }, admin())
        await api.post(
          `/admin/order-edits/${order.orderId}/items`,
          { items: [{ variant_id: seed.variantIds[1], quantity: 1 }] },
          admin()
        )
        await api.post(`/admin/order-edits/${order.orderId}/request`, {}, admin())
        await api.post(`/admin/order-edits/${order.orderId}/confirm`, {}, admin())

        const [request] = await eventually(async () => {
          const requests = await returnRequestsOf(order)
          expect(requests).toHaveLength(1)
          return requests
        }, 20_000)
        const { data } = await api.get(`/admin/orders/${order.orderId}?fields=total`, admin())
        expect(request.returnType).toBe(REDRAFT)
        expect(request.amount).toBeUndefined()
        expect(request.reason).toContain(`new total $${Number(data.order.total).toFixed(2)}`)

        const events = getContainer().resolve(Modules.EVENT_BUS)
        await events.emit({ name: "order-edit.confirmed", data: { order_id: order.orderId } })
        // Its subscribers have run (not a guess at how long they take), so "nothing new" is a finding.
        await medusaIdle()
        expect(await returnRequestsOf(order)).toHaveLength(1)
      })

      it("keeps a return while the service is down and sends it, once, after it recovers", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        financing.serviceRequests.outage = (method, path) =>
          method === "POST" && path.endsWith("/requestreturn")
        try {
          await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin())
          await eventually(async () => {
            const [action] = (await actionsOf(container(), order.orderId)).filter((a) => a.kind === "return")
            // A 503 may hide an effect: the status is read before the return is sent again.
            expect(action).toEqual(expect.objectContaining({ state: "unknown", attempts: 1 }))
            expect(action.last_error).toMatch(/503/)
          }, 20_000)
          expect(await returnRequestsOf(order)).toEqual([])
        } finally {
          financing.serviceRequests.outage = null
        }

        await makeRetriesDue(container(), order.orderId)
        await sendDueActions(container())
        await sendDueActions(container())
        expect(await returnRequestsOf(order)).toEqual([expect.objectContaining({ returnType: RETURN })])
        await settled(order, "Returned")
      })

      it("records a merchant's return with a chosen reason while the service is down, and sends it later", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await eventually(async () =>
          expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        )
        financing.serviceRequests.outage = (method, path) =>
          path.endsWith("/returnreasons") || path.endsWith("/requestreturn")
        try {
          const { data } = await api.post(
            `/admin/retail-financing/orders/${order.orderId}/returns`,
            { return_type: "partial", amount: 25, return_reason_id: "price" },
            admin()
          )
          // Its request got a 503, which may hide an effect: checked at the service before it is sent again.
          expect(data.action).toEqual(
            expect.objectContaining({ kind: "return", state: "unknown", outcome_unknown: true })
          )
        } finally {
          financing.serviceRequests.outage = null
        }
        await makeRetriesDue(container(), order.orderId)
        await sendDueActions(container())
        expect(await returnRequestsOf(order)).toEqual([
          expect.objectContaining({ returnType: PARTIAL, amount: 25, returnReasonPublicId: "price" }),
        ])
      })

      it("releases a queued return after a lost settle callback, through reconciliation", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const payment = await capturedPayment(order)
        // Every status callback from here on is lost.
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        try {
          await api.post(`/admin/payments/${payment.id}/refund`, { amount: 50 }, admin())
          await eventually(async () => expect(await returnRequestsOf(order)).toHaveLength(1), 20_000)
          await api.post(`/admin/payments/${payment.id}/refund`, { amount: 60 }, admin())
          await eventually(async () => {
            const returns = (await actionsOf(container(), order.orderId)).filter((a) => a.kind === "return")
            expect(returns.map((action) => action.state)).toEqual(["succeeded", "waiting"])
          }, 20_000)
          // The service settles the first; its callback is lost, so the second waits for it in vain.
          await settled(order, "Funded")
          await new Promise((resolve) => setTimeout(resolve, 500))
          expect(await returnRequestsOf(order)).toHaveLength(1)

          await followOpenReturns(container())
          await eventually(async () => {
            expect(await returnRequestsOf(order)).toEqual([
              expect.objectContaining({ returnType: PARTIAL, amount: 50 }),
              expect.objectContaining({ returnType: PARTIAL, amount: 60 }),
            ])
          }, 20_000)
          await settled(order, "Funded")
          await followOpenReturns(container())
          const returns = (await actionsOf(container(), order.orderId)).filter((a) => a.kind === "return")
          expect(returns.every((action) => action.state === "succeeded" && action.settled_at)).toBe(true)
        } finally {
          await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0 })
        }
      })
    })
  },
})
