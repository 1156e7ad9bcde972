import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import {
  actionsOf,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  fulfilAndShip,
  makeRetriesDue,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
  setSandboxFaults,
} from "../helpers"
import sendFinancingActionsJob from "../../src/jobs/send-financing-actions"

jest.setTimeout(120_000)

/** What the send job does each minute. */
const sendDueActions = (container: MedusaContainer) => sendFinancingActionsJob(container)

financingIntegrationSuite({
  sandbox: { returnSettleMs: 300, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  // These tests decide when retries run; the jobs would do it at their own minute marks.
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders, medusaIdle }) => {
    const postSaleOf = (publicId: string) => postSaleIn(financing, publicId)
    const admin = () => adminHeaders
    const container = () => getContainer()

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

        await fulfilAndShip(api, admin(), seed, order.orderId)
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
        // Its subscribers have run (not a guess at how long they take), so "nothing new" is a finding.
        await medusaIdle()
        const again = await postSaleOf(order.publicId)
        expect(again.invoices).toHaveLength(1)
        expect(again.deliveries).toHaveLength(1)
        expect(again.orderReferences).toHaveLength(2)
        const actions = await actionsOf(container(), order.orderId)
        expect(actions.map((action) => [action.kind, action.state]).sort()).toEqual([
          ["delivery", "succeeded"],
          ["invoice", "succeeded"],
          ["order_references", "succeeded"],
        ])

        // The widget's route shows it all.
        const view = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
        expect(view.data.financing.application.public_id).toBe(order.publicId)
        expect(view.data.financing.actions).toHaveLength(3)
        // The stage lets the admin name and colour a status it has no hand-written label for.
        const { application } = view.data.financing
        expect(["signed", "funded"]).toContain(application.stage)
        expect(application.status_history.length).toBeGreaterThan(0)
        for (const entry of application.status_history) expect(entry.stage).toEqual(expect.any(String))
      })

      it("keeps actions while the service is down and delivers them, once, after it recovers", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await eventually(async () =>
          expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        )

        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        try {
          await fulfilAndShip(api, admin(), seed, order.orderId)
          await eventually(async () => {
            const actions = await actionsOf(container(), order.orderId)
            const waiting = actions.filter((action) => action.kind !== "order_references")
            expect(waiting.map((action) => [action.kind, action.state]).sort()).toEqual([
              // The delivery's request got a 503, which may hide an effect: checked before a resend. The
              // invoice's status read before its request got it: nothing was sent.
              ["delivery", "unknown"],
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
        await makeRetriesDue(container(), order.orderId)
        await sendDueActions(container())

        const application = await postSaleOf(order.publicId)
        expect(application.invoices).toHaveLength(1)
        expect(application.deliveries).toHaveLength(1)
        expect(
          (await actionsOf(container(), order.orderId)).every((action) => action.state === "succeeded")
        ).toBe(true)
      })

      it("sends the order references after the service comes back, once, when it was down at the order", async () => {
        // Only the order-references endpoint is down, so checkout (which reads statuses) still makes the order.
        financing.serviceRequests.outage = (method, path) => method === "POST" && path.endsWith("/orders")
        let order: Awaited<ReturnType<typeof placeFinancedOrder>>
        try {
          order = await placeFinancedOrder(api, getContainer(), seed, financing)
          await eventually(async () => {
            const [references] = await actionsOf(container(), order.orderId)
            expect(references).toEqual(
              expect.objectContaining({ kind: "order_references", state: "unknown", attempts: 1 })
            )
            expect(references.last_error).toMatch(/503/)
          }, 20_000)
          expect((await postSaleOf(order.publicId)).orderReferences).toEqual([])
        } finally {
          financing.serviceRequests.outage = null
        }

        await makeRetriesDue(container(), order.orderId)
        await sendDueActions(container())
        await sendDueActions(container())
        expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        const [references] = await actionsOf(container(), order.orderId)
        expect(references).toEqual(expect.objectContaining({ state: "succeeded", attempts: 2 }))
      })

      it("resends an action whose sender stopped mid-send, once its lease has run out", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        await eventually(async () =>
          expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        )
        financing.serviceRequests.outage = (method, path) =>
          method === "POST" && path.endsWith("/uploadinvoice")
        try {
          await fulfilAndShip(api, admin(), seed, order.orderId)
          await eventually(async () => {
            const invoice = (await actionsOf(container(), order.orderId)).find((a) => a.kind === "invoice")
            expect(invoice).toEqual(expect.objectContaining({ state: "unknown", attempts: 1 }))
          }, 20_000)
        } finally {
          financing.serviceRequests.outage = null
        }
        // What a server that died while sending leaves behind: the action claimed, with a lease.
        const invoice = (await actionsOf(container(), order.orderId)).find((a) => a.kind === "invoice")!
        await financingLedger(container()).updateFinancingActions({
          id: invoice.id,
          state: "sending",
          lease_until: new Date(Date.now() + 60_000),
        })
        await sendDueActions(container())
        expect((await postSaleOf(order.publicId)).invoices).toHaveLength(0)

        await financingLedger(container()).updateFinancingActions({
          id: invoice.id,
          lease_until: new Date(Date.now() - 1000),
        })
        await sendDueActions(container())
        expect((await postSaleOf(order.publicId)).invoices).toHaveLength(1)
        const sent = (await actionsOf(container(), order.orderId)).find((a) => a.kind === "invoice")!
        expect(sent.state).toBe("succeeded")
      })
    })
  },
})
