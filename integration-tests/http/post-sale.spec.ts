import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"

import {
  type AuthHeaders,
  type CheckoutSeed,
  createAdminAuthHeaders,
  eventually,
  moveApplication,
  placeFinancedOrder,
  sandboxApplication,
  seedCheckoutStore,
  setSandboxFaults,
  stopScheduledJob,
  useFinancingEnvironment,
} from "../helpers"
import { sendDueActions } from "../../src/post-sale/send-due-actions"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../src/modules/retail-financing"

jest.setTimeout(120_000)

const financing = useFinancingEnvironment({ returnSettleMs: 300, invoiceApprovalMs: 200 })

interface SandboxPostSale {
  status: string
  orderReferences: string[]
  invoices: { filename: string; contentType: string; size: number; download: string }[]
  deliveries: Record<string, unknown>[]
  returnRequests: { returnType?: number; amount?: number; reason?: string; agentName?: string }[]
}

const postSaleOf = async (publicId: string) =>
  (await sandboxApplication(financing.sandbox, publicId)) as unknown as SandboxPostSale

medusaIntegrationTestRunner({
  testSuite: ({ api: untypedApi, getContainer }) => {
    const api = untypedApi as AxiosInstance
    let seed: CheckoutSeed
    let adminHeaders: AuthHeaders

    beforeAll(async () => {
      seed = await seedCheckoutStore(getContainer())
      adminHeaders = await createAdminAuthHeaders(getContainer(), api)
      // These tests decide when retries run; the jobs would do it at their own minute marks.
      stopScheduledJob("retail-financing-reconcile-applications")
      stopScheduledJob("retail-financing-send-actions")
    })

    const admin = () => adminHeaders
    const ledger = () => getContainer().resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)

    async function actionsOf(orderId: string) {
      const [application] = await ledger().listFinancingApplications({ order_id: orderId })
      if (!application) return []
      return ledger().listFinancingActions(
        { application_id: application.id },
        { order: { created_at: "ASC" } }
      )
    }

    async function orderItems(orderId: string) {
      const { data } = await api.get(`/admin/orders/${orderId}`, admin())
      return (data.order.items as { id: string; quantity: number }[]).map((item) => ({
        id: item.id,
        quantity: item.quantity,
      }))
    }

    async function fulfilAndShip(orderId: string) {
      const items = await orderItems(orderId)
      const { data } = await api
        .post(
          `/admin/orders/${orderId}/fulfillments?fields=id,fulfillments.id`,
          { items, location_id: seed.stockLocationId },
          admin()
        )
        .catch((error: { response?: { data?: unknown } }) => {
          throw new Error(`fulfillment refused: ${JSON.stringify(error.response?.data)}`)
        })
      const fulfillmentId = (data.order.fulfillments as { id: string }[]).at(-1)!.id
      await api.post(
        `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`,
        {
          items,
          labels: [{ tracking_number: "TRACK-123", tracking_url: "https://t.example/1", label_url: "#" }],
        },
        admin()
      )
      return fulfillmentId
    }

    describe("after the sale", () => {
      it("sends the order references, the invoice PDF and the delivery information once each", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await api.get(`/admin/orders/${order.orderId}?fields=display_id`, admin())

        await eventually(async () => {
          expect((await postSaleOf(order.publicId)).orderReferences).toEqual([
            String(data.order.display_id),
            order.orderId,
          ])
        })

        await fulfilAndShip(order.orderId)
        const sent = await eventually(async () => {
          const application = await postSaleOf(order.publicId)
          expect(application.invoices).toHaveLength(1)
          expect(application.deliveries).toHaveLength(1)
          return application
        }, 20_000)
        expect(sent.invoices[0]).toEqual(
          expect.objectContaining({
            filename: `invoice-${data.order.display_id}.pdf`,
            contentType: "application/pdf",
          })
        )
        const pdf = Buffer.from(await (await fetch(sent.invoices[0].download)).arrayBuffer())
        expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
        expect(sent.deliveries[0]).toEqual(
          expect.objectContaining({
            method: "Shipped",
            carrier: "NationalPost",
            trackingNumber: "TRACK-123",
            address: expect.any(String),
            state: expect.stringMatching(/^[A-Z]{2}$/),
            zip: expect.stringMatching(/^\d{5}$/),
          })
        )

        // Medusa emitting the same events again records nothing new and sends nothing again.
        const events = getContainer().resolve(Modules.EVENT_BUS)
        await events.emit({ name: "order.placed", data: { id: order.orderId } })
        await new Promise((resolve) => setTimeout(resolve, 1000))
        const again = await postSaleOf(order.publicId)
        expect(again.invoices).toHaveLength(1)
        expect(again.deliveries).toHaveLength(1)
        expect(again.orderReferences).toHaveLength(2)
        const actions = await actionsOf(order.orderId)
        expect(actions.map((action) => [action.kind, action.state]).sort()).toEqual([
          ["delivery", "succeeded"],
          ["invoice", "succeeded"],
          ["order_references", "succeeded"],
        ])

        // The widget's route shows it all.
        const view = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
        expect(view.data.financing.application.public_id).toBe(order.publicId)
        expect(view.data.financing.actions).toHaveLength(3)
      })

      it("sends one Return when a signed order is canceled", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin())

        const application = await eventually(async () => {
          const current = await postSaleOf(order.publicId)
          expect(current.returnRequests).toHaveLength(1)
          return current
        }, 20_000)
        expect(application.returnRequests[0]).toEqual(
          expect.objectContaining({ returnType: 2, agentName: "Store Agent" })
        )
        expect(application.returnRequests[0].amount).toBeUndefined()
        await eventually(async () => expect((await postSaleOf(order.publicId)).status).toBe("Returned"))
      })

      it("sends a Partial for a partial refund, then a Return for the rest once the first settled", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await moveApplication(financing.sandbox, order.publicId, "Funded")
        const payments = getContainer().resolve(Modules.PAYMENT)
        const payment = await eventually(async () => {
          const [found] = await payments.listPayments({ payment_session_id: order.sessionId })
          if (!found?.captured_at) throw new Error("not captured yet")
          return found
        }, 20_000)

        await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100 }, admin())
        await eventually(async () => {
          const { returnRequests } = await postSaleOf(order.publicId)
          expect(returnRequests).toEqual([expect.objectContaining({ returnType: 4, amount: 100 })])
        }, 20_000)

        const rest = Number(payment.amount) - 100
        await api.post(`/admin/payments/${payment.id}/refund`, { amount: rest }, admin())
        await eventually(async () => {
          const { returnRequests } = await postSaleOf(order.publicId)
          expect(returnRequests).toHaveLength(2)
          expect(returnRequests[1]).toEqual(expect.objectContaining({ returnType: 2 }))
        }, 30_000)
      })

      it("keeps actions while the service is down and delivers them, once, after it recovers", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await eventually(async () =>
          expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        )

        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        try {
          await fulfilAndShip(order.orderId)
          await eventually(async () => {
            const actions = await actionsOf(order.orderId)
            const waiting = actions.filter((action) => action.kind !== "order_references")
            expect(waiting.map((action) => [action.kind, action.state]).sort()).toEqual([
              ["delivery", "pending"],
              ["invoice", "pending"],
            ])
            for (const action of waiting) {
              expect(action.attempts).toBe(1)
              expect(action.last_error).toMatch(/503/)
            }
          }, 20_000)
        } finally {
          await setSandboxFaults(financing.sandbox, { errorRate: 0 })
        }

        // What a restarted server has is the database: make the retries due and run the job's work.
        const pending = (await actionsOf(order.orderId)).filter((action) => action.state === "pending")
        await ledger().updateFinancingActions(
          pending.map((action) => ({ id: action.id, next_attempt_at: new Date(Date.now() - 1000) }))
        )
        await sendDueActions(getContainer())

        const application = await postSaleOf(order.publicId)
        expect(application.invoices).toHaveLength(1)
        expect(application.deliveries).toHaveLength(1)
        expect((await actionsOf(order.orderId)).every((action) => action.state === "succeeded")).toBe(true)
      })
    })
  },
})
