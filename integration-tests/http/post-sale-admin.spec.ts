import { existsSync, readdirSync, rmSync } from "node:fs"
import path from "node:path"

import {
  actionsOf,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
} from "../helpers"

jest.setTimeout(120_000)

/** Where Medusa's local file provider keeps files, private ones included. */
const STATIC_DIRECTORY = path.join(process.cwd(), "static")
const storedFiles = () => (existsSync(STATIC_DIRECTORY) ? readdirSync(STATIC_DIRECTORY).sort() : [])

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
    const filesBefore = storedFiles()

    afterAll(() => {
      // The uploads these tests kept, so the working tree is left as it was.
      for (const name of storedFiles().filter((file) => !filesBefore.includes(file)))
        rmSync(path.join(STATIC_DIRECTORY, name), { force: true })
    })

    const admin = () => adminHeaders

    describe("the merchant's actions", () => {
      it("stores an uploaded invoice, records it and sends it", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const before = storedFiles()
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
        expect(storedFiles()).toHaveLength(before.length + 1)
      })

      it("deletes the stored invoice file again when its action cannot be recorded", async () => {
        // The ledger links this order to an application, but Medusa has no such order to record against.
        const orderId = "order_without_a_financing_payment"
        await financingLedger(getContainer()).recordApplication({
          publicId: "rf-app-no-order",
          sessionId: "payses_no_order",
          cartId: null,
          amount: 100,
          orderId,
        })
        const before = storedFiles()
        const response = await api
          .post(`/admin/retail-financing/orders/${orderId}/invoice`, pdfForm("orphan.pdf"), admin())
          .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        expect(response.status).toBe(404)
        expect(response.data.message).toBe(`Order ${orderId} was not paid with retail financing.`)
        expect(storedFiles()).toEqual(before)
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
