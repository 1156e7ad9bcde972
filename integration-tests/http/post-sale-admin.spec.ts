import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  actionsOf,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
} from "../helpers"

jest.setTimeout(120_000)

/** The invoice files the ledger keeps until the service accepts them. */
async function storedFiles(container: MedusaContainer): Promise<string[]> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(`SELECT id FROM retail_financing_invoice_file ORDER BY id`)
  return (rows as { id: string }[]).map((row) => row.id)
}

const pdfForm = (filename: string) => {
  const form = new FormData()
  const content = Buffer.from("%PDF-1.4\n% merchant invoice\n%%EOF\n", "latin1")
  form.append("file", new Blob([content], { type: "application/pdf" }), filename)
  return form
}

financingIntegrationSuite({
  sandbox: { returnSettleMs: 300, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const postSaleOf = (publicId: string) => postSaleIn(financing, publicId)
    const admin = () => adminHeaders

    describe("the merchant's actions", () => {
      it("records an uploaded invoice, sends it and deletes the stored file", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await api.post(
          `/admin/retail-financing/orders/${order.orderId}/invoice`,
          pdfForm("merchant-invoice.pdf"),
          admin()
        )
        expect(data.action).toEqual(
          expect.objectContaining({
            kind: "invoice",
            state: "succeeded",
            summary: expect.stringContaining("merchant-invoice.pdf"),
          })
        )
        expect((await postSaleOf(order.publicId)).invoices).toEqual(
          expect.arrayContaining([expect.objectContaining({ filename: "merchant-invoice.pdf" })])
        )
        expect(await storedFiles(getContainer())).toEqual([])
      })

      it("deletes the stored invoice file again when its action cannot be recorded", async () => {
        // The ledger links this order to an application, but Medusa has no such order to record against.
        const orderId = "order_without_a_financing_payment"
        await financingLedger(getContainer()).ledger.recordApplication({
          publicId: "rf-app-no-order",
          sessionId: "payses_no_order",
          cartId: null,
          amount: 100,
          orderId,
        })
        const before = await storedFiles(getContainer())
        const response = await api
          .post(`/admin/retail-financing/orders/${orderId}/invoice`, pdfForm("orphan.pdf"), admin())
          .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(response.status).toBe(404)
        expect(response.data.message).toBe(`Order ${orderId} was not paid with retail financing.`)
        expect(await storedFiles(getContainer())).toEqual(before)
      })

      it("retries a failed action at once, and refuses to retry any other", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const references = await eventually(async () => {
          const action = (await actionsOf(getContainer(), order.orderId)).find(
            (a) => a.kind === "order_references"
          )
          expect(action?.state).toBe("succeeded")
          return action!
        })
        const refused = await api
          .post(`/admin/retail-financing/actions/${references.id}/retry`, {}, admin())
          .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toBe("Only a failed action can be retried; this one is succeeded.")

        await financingLedger(getContainer()).updateFinancingActions({
          id: references.id,
          state: "failed",
          last_error: "refused",
        })
        const { data } = await api.post(`/admin/retail-financing/actions/${references.id}/retry`, {}, admin())
        expect(data.action).toEqual(
          expect.objectContaining({
            id: references.id,
            state: "succeeded",
            attempts: references.attempts + 1,
          })
        )
      })
    })
  },
})
