import { Modules } from "@medusajs/framework/utils"

import type { PayoutRow, PayoutsResponse } from "../../src/domain/admin-api/types"
import {
  type PlacedFinancedOrder,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  placeFinancedOrder,
  sandboxApplication,
} from "../helpers"

jest.setTimeout(180_000)

const cents = (dollars: number | string | null | undefined) => Math.round(Number(dollars ?? 0) * 100)

/** RFC 4180 as a spreadsheet reads it: quoted cells with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ",") {
      row.push(cell)
      cell = ""
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ""
      i++
    } else cell += char
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell])
  return rows
}

/**
 * The lender's payments matched to orders: funding at the sandbox ("Fund it") puts the contract's payment in
 * the ledger from the plugin's own status read, and the payouts report shows it beside Medusa's books with
 * the difference and its reasons; the CSV is the same rows, parsed back as a spreadsheet would.
 */
financingIntegrationSuite({
  sandbox: { returnSettleMs: 1500, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const admin = () => adminHeaders
    const today = () => new Date().toISOString().slice(0, 10)

    const orderTotal = async (order: PlacedFinancedOrder) => {
      const { data } = await api.get(`/admin/orders/${order.orderId}?fields=total`, admin())
      return cents(data.order.total)
    }

    const serviceBooks = async (order: PlacedFinancedOrder) => {
      const record = (await sandboxApplication(financing.sandbox, order.publicId)) as unknown as {
        status: string
        contract: { invoiceAmount: number; borrowedAmount: number; totalInStorePayment: number }
        funding: { amount: number; transferId: string; wireReferenceId: string } | null
        returnRequests: { settledAt: string | null }[]
      }
      return record
    }

    /** Funds the contract at the sandbox and waits for Medusa's capture and the ledger's payment. */
    const fund = async (order: PlacedFinancedOrder) => {
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      await eventually(async () => {
        const payments = getContainer().resolve(Modules.PAYMENT)
        const [payment] = await payments.listPayments(
          { payment_session_id: order.sessionId },
          { relations: ["captures"] }
        )
        if (!payment?.captures?.length) throw new Error("not captured yet")
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
          order_id: order.orderId,
        })
        if (!ledger?.funding_date) throw new Error("no payment in the ledger yet")
      }, 30_000)
    }

    const payouts = async (query: string) =>
      (await api.get<PayoutsResponse>(`/admin/retail-financing/payouts?${query}`, admin())).data

    it("shows a funded contract's payment after a partial return, short by the return and the in-store payment", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      await api.post(
        `/admin/retail-financing/orders/${order.orderId}/returns`,
        { return_type: "partial", amount: 50, return_reason_id: "price" },
        admin()
      )
      await eventually(async () => {
        const service = await serviceBooks(order)
        expect(service.returnRequests.every((request) => request.settledAt)).toBe(true)
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
          order_id: order.orderId,
        })
        expect(cents(ledger!.invoice_amount as number)).toBe(total - 5_000)
      }, 30_000)
      await fund(order)
      const service = await serviceBooks(order)
      const inStore = cents(service.contract.totalInStorePayment)
      const lenderPaid = cents(service.funding!.amount)
      expect(inStore).toBeGreaterThan(0)
      expect(lenderPaid).toBe(total - 5_000 - inStore)

      const { data: orderData } = await api.get(`/admin/orders/${order.orderId}?fields=display_id`, admin())
      const listed = await payouts(`from=${today()}&to=${today()}`)
      expect(listed.count).toBe(1)
      const row = listed.payouts[0]!
      expect(row).toEqual(
        expect.objectContaining<Partial<PayoutRow>>({
          date: today(),
          status: "processed",
          transfer_id: service.funding!.transferId,
          wire_reference_id: service.funding!.wireReferenceId,
          amount: lenderPaid / 100,
          paid: lenderPaid / 100,
          order: { id: order.orderId, display_id: orderData.order.display_id as number },
          invoice_amount: (total - 5_000) / 100,
          signed_invoice_amount: total / 100,
          total_in_store_payment: inStore / 100,
          captured: (total - 5_000) / 100,
          refunded: 0,
          order_total: total / 100,
          difference: (total - lenderPaid) / 100,
        })
      )
      expect(row.reasons.map((reason) => [reason.reason, reason.amount, reason.words])).toEqual([
        ["partial_return", 50, "a partial return"],
        ["in_store_payment", inStore / 100, "in-store payment"],
      ])
      expect(row.seen_at).not.toBeNull()
      expect(listed.totals).toEqual(
        expect.objectContaining({
          amount: lenderPaid / 100,
          difference: (total - lenderPaid) / 100,
          captured: (total - 5_000) / 100,
        })
      )

      // The filters: another day, another payment status, another store code select nothing.
      expect((await payouts(`from=2000-01-01&to=2000-01-31`)).count).toBe(0)
      expect((await payouts(`status=pending`)).count).toBe(0)
      expect((await payouts(`status=processed`)).count).toBe(1)
      expect((await payouts(`store_code=NO-SUCH-STORE`)).count).toBe(0)
      expect((await payouts(`store_code=${row.store_code}`)).count).toBe(1)
      // An application of another location is that location's only.
      const ledger = financingLedger(getContainer())
      await ledger.updateFinancingApplications({ id: row.application_id, store_code: "TEST-WEST" })
      expect((await payouts(`store_code=TEST-WEST`)).payouts.map((payout) => payout.store_code)).toEqual([
        "TEST-WEST",
      ])
      expect((await payouts(`store_code=${row.store_code}`)).count).toBe(0)
      const refused = await api
        .get(`/admin/retail-financing/payouts?from=2026-02-30`, admin())
        .catch((error: { response: { status: number } }) => error.response)
      expect(refused.status).toBe(400)
    })

    it("exports the rows as CSV: a header, plain decimals, quoted commas and quotes, formulas escaped", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      await fund(order)
      const service = await serviceBooks(order)
      const inStore = cents(service.contract.totalInStorePayment)

      // A service answer with a formula and with a comma and a quote in its references: the ledger keeps
      // them as reported, and the CSV must neither break its columns nor let a spreadsheet run them.
      const ledger = financingLedger(getContainer())
      const [application] = await ledger.listFinancingApplications({ order_id: order.orderId })
      const funding = application!.funding as Record<string, unknown>
      await ledger.updateFinancingApplications({
        id: application!.id,
        funding: {
          ...funding,
          transfer_id: '=HYPERLINK("http://x.test","pay")',
          wire_reference_id: 'W, "12"',
        },
      })

      const response = await api.get<string>(
        `/admin/retail-financing/payouts?from=${today()}&to=${today()}&format=csv`,
        { ...admin(), responseType: "text", transformResponse: (body: string) => body }
      )
      expect(response.headers["content-type"]).toMatch(/^text\/csv/)
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="retail-financing-payouts-${today()}-to-${today()}.csv"`
      )
      const [header, ...rows] = parseCsv(response.data)
      expect(header).toEqual([
        "date",
        "status",
        "transfer_id",
        "wire_reference",
        "amount",
        "order_id",
        "order_display_id",
        "invoice_amount",
        "in_store_payment",
        "captured",
        "refunded",
        "difference",
        "reason",
        "application_status",
        "store_code",
        "public_id",
      ])
      expect(rows).toHaveLength(1)
      const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]))
      const decimal = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`
      expect(row).toEqual(
        expect.objectContaining({
          date: today(),
          status: "processed",
          transfer_id: `'=HYPERLINK("http://x.test","pay")`,
          wire_reference: 'W, "12"',
          amount: decimal(total - inStore),
          order_id: order.orderId,
          invoice_amount: decimal(total),
          in_store_payment: decimal(inStore),
          captured: decimal(total),
          refunded: "0.00",
          difference: decimal(inStore),
          reason: `in-store payment $${decimal(inStore)}`,
          public_id: order.publicId,
        })
      )
    })
  },
})
