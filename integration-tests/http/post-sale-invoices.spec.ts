import { existsSync, readdirSync } from "node:fs"
import path from "node:path"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosRequestConfig } from "axios"

import {
  actionsOf,
  eventually,
  financingIntegrationSuite,
  fulfilAndShip,
  makeRetriesDue,
  placeFinancedOrder,
  postSaleOf as postSaleIn,
  setSandboxFaults,
} from "../helpers"
import sendFinancingActionsJob from "../../src/jobs/send-financing-actions"

jest.setTimeout(180_000)

/** Where Medusa's local file provider keeps files, private ones included, and serves them at /static. */
const STATIC_DIRECTORY = path.join(process.cwd(), "static")
const staticFiles = () => (existsSync(STATIC_DIRECTORY) ? readdirSync(STATIC_DIRECTORY).sort() : [])

/** A PDF whose bytes name it, so what the service received can be told apart from the generated one. */
const merchantPdf = (mark: string) => Buffer.from(`%PDF-1.4\n% merchant invoice ${mark}\n%%EOF\n`, "latin1")

const pdfForm = (filename: string, content: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append("file", new Blob([content], { type: "application/pdf" }), filename)
  return form
}

/**
 * A multipart body written byte for byte, for the file names a browser or a client may send that Node's
 * FormData would escape on its way: raw UTF-8 in `filename` (what browsers send), or RFC 5987's `filename*`.
 */
function rawMultipart(disposition: Buffer, content: Buffer) {
  const boundary = "----invoice-test-boundary"
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; `, "latin1"),
    disposition,
    Buffer.from(`\r\nContent-Type: application/pdf\r\n\r\n`, "latin1"),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`, "latin1"),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

type ErrorResponse = { response: { status: number; data: { message: string } } }

/** The files the ledger keeps, without their bytes. */
async function storedInvoiceFiles(container: MedusaContainer) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const rows = await pg.raw(`SELECT id, order_id, filename, size FROM retail_financing_invoice_file`)
  return rows.rows as { id: string; order_id: string; filename: string; size: number }[]
}

/** Every URL, /static path and stored-file id in an answer: what a person could try to open. */
function revealedAddresses(value: unknown): string[] {
  const text = JSON.stringify(value)
  const urls = [...text.matchAll(/https?:\/\/[^"\s\\]+|\/static\/[^"\s\\]+/g)].map((m) => m[0])
  // A stored file's id (the action's cause names it): tried where Medusa serves files by id or name.
  const ids = [...text.matchAll(/\brfinv_[A-Za-z0-9]+/g)].map((m) => m[0])
  return [...urls, ...ids.flatMap((id) => [`/static/${id}`, `/admin/uploads/${id}`])]
}

financingIntegrationSuite({
  sandbox: { returnSettleMs: 300, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const postSaleOf = (publicId: string) => postSaleIn(financing, publicId)
    const admin = () => adminHeaders
    const upload = (orderId: string, body: FormData | Buffer, config: AxiosRequestConfig = admin()) =>
      api.post(`/admin/retail-financing/orders/${orderId}/invoice`, body, config)
    const uploadRaw = (orderId: string, disposition: Buffer, content: Buffer) => {
      const { body, contentType } = rawMultipart(disposition, content)
      return upload(orderId, body, {
        headers: { ...adminHeaders.headers, "content-type": contentType },
      })
    }
    const contentAt = async (download: string) => Buffer.from(await (await fetch(download)).arrayBuffer())

    /** Fulfils and ships, then waits until the delivery information reached the service. */
    const fulfil = async (order: { orderId: string; publicId: string }) => {
      await fulfilAndShip(api, admin(), seed, order.orderId)
      // The fulfilment's cause is planned under the order's lock before the shipment's delivery is, so once
      // the delivery is at the service, a generated invoice would be in the ledger.
      await eventually(
        async () => expect((await postSaleOf(order.publicId)).deliveries).toHaveLength(1),
        20_000
      )
    }

    describe("a merchant's own invoice", () => {
      it("replaces the generated one: after the upload and the fulfilment the service holds exactly the merchant's", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const content = merchantPdf("replaces")
        const { data } = await upload(order.orderId, pdfForm("own-invoice.pdf", content))
        expect(data).toEqual({
          filename: "own-invoice.pdf",
          action: expect.objectContaining({
            kind: "invoice",
            state: "succeeded",
            summary: "Invoice file own-invoice.pdf uploaded by the merchant (replaces the generated invoice)",
          }),
        })

        await fulfil(order)

        const invoices = (await actionsOf(getContainer(), order.orderId)).filter((a) => a.kind === "invoice")
        expect(invoices.map((a) => [a.payload.source, a.state])).toEqual([["file", "succeeded"]])
        const sent = await postSaleOf(order.publicId)
        expect(sent.invoices).toHaveLength(1)
        expect(sent.invoices[0]).toEqual(
          expect.objectContaining({ filename: "own-invoice.pdf", contentType: "application/pdf" })
        )
        expect((await contentAt(sent.invoices[0].download)).equals(content)).toBe(true)
      })

      it("is sent with the generated one when the merchant asks (keep_generated=true)", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await upload(
          order.orderId,
          pdfForm("delivery-note.pdf", merchantPdf("keeps"), { keep_generated: "true" })
        )
        expect(data.action.summary).toBe(
          "Invoice file delivery-note.pdf uploaded by the merchant (the generated invoice is sent too)"
        )

        await fulfil(order)

        const sent = await eventually(async () => {
          const application = await postSaleOf(order.publicId)
          expect(application.invoices).toHaveLength(2)
          return application
        })
        const { data: detail } = await api.get(`/admin/orders/${order.orderId}?fields=display_id`, admin())
        expect(sent.invoices.map((invoice) => invoice.filename)).toEqual([
          "delivery-note.pdf",
          `invoice-${detail.order.display_id}.pdf`,
        ])
      })

      it("refuses a keep_generated that is not true or false", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const refused = await upload(
          order.orderId,
          pdfForm("own.pdf", merchantPdf("odd flag"), { keep_generated: "yes" })
        ).catch((error: ErrorResponse) => error.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toBe('keep_generated must be "true" or "false"')
        expect(await storedInvoiceFiles(getContainer())).toEqual([])
      })
    })

    describe("the stored file", () => {
      it("is served by no unauthenticated URL, and kept only until the service accepted it", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const content = merchantPdf("private")
        const staticBefore = staticFiles()
        await eventually(async () =>
          expect((await postSaleOf(order.publicId)).orderReferences).toHaveLength(2)
        )
        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        const { data } = await upload(order.orderId, pdfForm("private-invoice.pdf", content)).finally(() =>
          setSandboxFaults(financing.sandbox, { errorRate: 0 })
        )
        // The service is down: the file waits in the ledger for the retry.
        expect(data.action).toEqual(expect.objectContaining({ state: "pending", attempts: 1 }))
        const [stored] = await storedInvoiceFiles(getContainer())
        expect(stored).toEqual(
          expect.objectContaining({
            order_id: order.orderId,
            filename: "private-invoice.pdf",
            size: content.length,
          })
        )

        // Medusa's file storage got nothing, so /static serves nothing of it.
        expect(staticFiles()).toEqual(staticBefore)
        const { data: view } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
        const addresses = [
          ...revealedAddresses(data),
          ...revealedAddresses(view),
          `/static/${stored.filename}`,
          `/static/${stored.id}`,
          `/admin/uploads/${stored.id}`,
          `/admin/retail-financing/orders/${order.orderId}/invoice`,
        ]
        for (const address of addresses) {
          const url = address.startsWith("http") ? address : `${api.defaults.baseURL}${address}`
          const response = await fetch(url)
          const body = Buffer.from(await response.arrayBuffer())
          expect({ address, served: body.includes(content) }).toEqual({ address, served: false })
          expect(response.status).toBeGreaterThanOrEqual(400)
        }

        // What the send job does once the retry is due.
        await makeRetriesDue(getContainer(), order.orderId)
        await sendFinancingActionsJob(getContainer())

        const sent = await postSaleOf(order.publicId)
        expect(sent.invoices).toHaveLength(1)
        expect((await contentAt(sent.invoices[0].download)).equals(content)).toBe(true)
        expect(await storedInvoiceFiles(getContainer())).toEqual([])
      })

      it("is deleted at once when the service accepts it on the first try", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await upload(order.orderId, pdfForm("sent-at-once.pdf", merchantPdf("at once")))
        expect(data.action.state).toBe("succeeded")
        expect(await storedInvoiceFiles(getContainer())).toEqual([])
      })
    })

    describe("file names", () => {
      const sentName = async (publicId: string) => {
        const { invoices } = await postSaleOf(publicId)
        expect(invoices).toHaveLength(1)
        return invoices[0].filename
      }

      it("a 300-character name is cut to 100 characters, its extension kept", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await upload(order.orderId, pdfForm(`${"a".repeat(296)}.pdf`, merchantPdf("long")))
        const expected = `${"a".repeat(96)}.pdf`
        expect(data.filename).toBe(expected)
        expect(data.action.state).toBe("succeeded")
        expect(await sentName(order.publicId)).toBe(expected)
      })

      it("line breaks are removed from a name sent as RFC 5987 filename*", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await uploadRaw(
          order.orderId,
          Buffer.from(`filename*=UTF-8''Facture%0D%0Amars.pdf`, "latin1"),
          merchantPdf("crlf")
        )
        expect(data.filename).toBe("Facturemars.pdf")
        expect(await sentName(order.publicId)).toBe("Facturemars.pdf")
      })

      it("a name with escaped line breaks and quotes (as browsers and Node send them) loses them", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        // Node's FormData writes CR, LF and " as %0D, %0A and %22, which the upload's parser decodes again.
        const { data } = await upload(order.orderId, pdfForm('Facture\r\n"mars".pdf', merchantPdf("escaped")))
        expect(data.filename).toBe("Facture_mars.pdf")
        expect(await sentName(order.publicId)).toBe("Facture_mars.pdf")
      })

      it("a non-ASCII name (raw UTF-8, as browsers send it) is sent without its accents", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const { data } = await uploadRaw(
          order.orderId,
          Buffer.from(`filename="Factura Pérez-Ñandú 発票.pdf"`, "utf8"),
          merchantPdf("utf8")
        )
        expect(data.filename).toBe("Factura Perez-Nandu.pdf")
        expect(await sentName(order.publicId)).toBe("Factura Perez-Nandu.pdf")
      })
    })
  },
})
