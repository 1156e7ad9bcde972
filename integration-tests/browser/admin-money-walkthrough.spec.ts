import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  eventually,
  financingIntegrationSuite,
  fulfilAndShip,
  moveApplication,
  placeFinancedOrder,
  receiveReturnOfOne,
} from "../helpers"
import {
  type AdminSession,
  logIn,
  openAdmin,
  openOrder,
  useDashboardBrowser,
  withScreenshotOnFailure,
} from "./admin-browser"
import type { OrderFinancingResponse, PayoutsResponse } from "../../src/domain/admin-api/types"
import { formatMoney } from "../../src/admin/lib/format"
import { centsFromDecimal } from "../../src/lib/financing/money"

/*
 * Issue 23's sequence in the real dashboard, in Chromium: a contract with an in-store payment, fulfilled and
 * shipped, funded at the sandbox while the order page is open, a refund, then a received return, then the
 * refund Medusa itself suggests. At each step the widget's Money section, Medusa's own order figures and the
 * Payouts row tell the same account (src/domain/post-sale/order-books.ts).
 */

jest.setTimeout(240_000)

const browser = useDashboardBrowser()

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    let session: AdminSession | undefined
    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    const cents = (value: unknown) => centsFromDecimal(String(value))

    /** Medusa's own figures: the order's total and its summary (its refund button offers -pending_difference). */
    async function medusaOrder(orderId: string) {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=total,summary.*`, adminHeaders)
      const summary = data.order.summary as Record<string, unknown>
      return {
        totalCents: cents(data.order.total),
        paidCents: cents(summary.paid_total ?? 0),
        refundedCents: cents(summary.refunded_total ?? 0),
        pendingDifferenceCents: cents(summary.pending_difference ?? 0),
      }
    }

    async function widgetData(orderId: string) {
      const { data } = await api.get<OrderFinancingResponse>(
        `/admin/retail-financing/orders/${orderId}`,
        adminHeaders
      )
      return data.financing!
    }

    async function payoutRow(orderId: string) {
      const { data } = await api.get<PayoutsResponse>(`/admin/retail-financing/payouts`, adminHeaders)
      return data.payouts.find((row) => row.order?.id === orderId)
    }

    /** The widget's books, Medusa's order and the Payouts row (once there is one) agree on the order's money. */
    async function expectOneAccount(orderId: string) {
      const [medusa, financingView, row] = await Promise.all([
        medusaOrder(orderId),
        widgetData(orderId),
        payoutRow(orderId),
      ])
      const books = financingView.books!
      expect(cents(books.order_total)).toBe(medusa.totalCents)
      expect(cents(books.refunded)).toBe(medusa.refundedCents)
      if (row) {
        expect(cents(row.order_total)).toBe(medusa.totalCents)
        expect(cents(row.captured)).toBe(cents(books.captured))
        expect(cents(row.refunded)).toBe(medusa.refundedCents)
        // The row's reasons add up to its difference, which is the order total less what the lender paid.
        const parts = row.reasons.reduce((total, reason) => total + cents(reason.amount), 0)
        expect(parts).toBe(cents(row.difference))
        expect(cents(row.difference)).toBe(medusa.totalCents - cents(row.paid))
      }
      return { medusa, books, row }
    }

    async function screenshot(dashboard: AdminSession, name: string) {
      if (!process.env.SCREENSHOT_DIR) return
      await dashboard.page.setViewportSize({ width: 1440, height: 3600 })
      await dashboard.page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
      await dashboard.page.setViewportSize({ width: 1440, height: 1000 })
    }

    const settled = (orderId: string, invoiceCents: number) =>
      eventually(async () => {
        const view = await widgetData(orderId)
        expect(view.application.status).toBe("Funded")
        expect(cents(view.application.invoice_amount)).toBe(invoiceCents)
        expect(
          view.actions.filter((action) => action.kind === "return").every((a) => a.state === "succeeded")
        ).toBe(true)
      }, 40_000)

    it("walks an in-store payment, shipping, funding with the page open, a refund and a return: one account throughout", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 2 },
        ],
      })
      const {
        data: [placed],
      } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["id", "display_id"], filters: { id: order.orderId } })
      session = await openAdmin(browser(), financing.backendUrl)
      const dashboard = session
      await withScreenshotOnFailure(dashboard, "money-walkthrough", async () => {
        await logIn(dashboard)
        await fulfilAndShip(api, adminHeaders, seed, order.orderId)
        await openOrder(dashboard, order.orderId, Number(placed.display_id))
        const widget = dashboard.page.getByTestId("retail-financing-widget")
        const card = dashboard.page.getByTestId("retail-financing-status")
        await widget.waitFor()

        // Signed and shipped: the in-store payment is due from the customer; the lender owes the rest.
        const signed = await expectOneAccount(order.orderId)
        const inStore = signed.books.in_store_payment ?? 0
        expect(inStore).toBeGreaterThan(0)
        await eventually(async () => {
          expect(await widget.getByTestId("rf-books-in-store").innerText()).toContain(
            `${formatMoney(inStore)} due from the customer`
          )
        }, 15_000)
        const cardText = await card.innerText()
        // After shipping, the card never says both that the lender needs the delivery information and has all.
        expect(/needs the delivery information/.test(cardText) && /has what it needs/.test(cardText)).toBe(
          false
        )
        await screenshot(dashboard, "money-1-shipped")

        // Funded at the sandbox with the page open: the widget and Medusa's own order follow without a reload.
        const orderReads: string[] = []
        dashboard.page.on("request", (request) => {
          const url = new URL(request.url())
          if (request.method() === "GET" && url.pathname === `/admin/orders/${order.orderId}`) {
            orderReads.push(url.search)
          }
        })
        await moveApplication(financing.sandbox, order.publicId, "Funded")
        await eventually(async () => {
          expect((await widget.getByTestId("rf-lender-paid").innerText()).trim()).not.toBe("—")
        }, 45_000)
        await eventually(async () => expect(orderReads.length).toBeGreaterThan(0), 15_000)
        const funded = await expectOneAccount(order.orderId)
        expect(funded.books.books_agree).toBe(true)
        expect(funded.row?.reasons.map((reason) => reason.reason)).toEqual(["in_store_payment"])
        await screenshot(dashboard, "money-2-funded")

        // A $10 refund in Medusa: the plugin asks the lender; nothing needs the merchant meanwhile.
        const payments = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({
            entity: "order",
            fields: ["payment_collections.payments.id"],
            filters: { id: order.orderId },
          })
        const paymentId = (payments.data[0] as { payment_collections: { payments: { id: string }[] }[] })
          .payment_collections[0].payments[0].id
        const signedCents = cents(funded.books.contract_signed)
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 10 }, adminHeaders)
        for (let look = 0; look < 4; look += 1) {
          expect(await card.innerText()).not.toMatch(/Medusa holds .* less than the contract/)
          await dashboard.page.waitForTimeout(500)
        }
        await settled(order.orderId, signedCents - 1_000)
        const refunded = await expectOneAccount(order.orderId)
        expect(refunded.books.books_agree).toBe(true)
        await screenshot(dashboard, "money-3-refunded")

        // A pillow received back: the widget's refund is Medusa's own suggestion.
        const returnedCents = await receiveReturnOfOne(api, adminHeaders, seed, order.orderId, {
          variantIndex: 1,
        })
        await settled(order.orderId, signedCents - 1_000 - returnedCents)
        const returned = await expectOneAccount(order.orderId)
        const medusaSuggests = -returned.medusa.pendingDifferenceCents
        expect(medusaSuggests).toBe(returnedCents)
        expect(returned.books.to_do).toContainEqual(
          expect.objectContaining({ kind: "refund_in_medusa", amount: medusaSuggests / 100 })
        )
        await eventually(async () => {
          expect(await card.innerText()).toContain(`Refund ${formatMoney(medusaSuggests / 100)} in Medusa`)
        }, 20_000)
        expect(returned.books.differences.map((difference) => difference.reason)).not.toContain(
          "order_changed"
        )
        await screenshot(dashboard, "money-4-returned")

        // Refunding Medusa's figure sends nothing more, and every view agrees.
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: medusaSuggests / 100 }, adminHeaders)
        await dashboard.page.waitForTimeout(3_000)
        await settled(order.orderId, signedCents - 1_000 - returnedCents)
        const done = await expectOneAccount(order.orderId)
        expect(done.books.books_agree).toBe(true)
        expect(done.books.to_do.map((item) => item.kind)).toEqual(["collect_in_store_payment"])
        const returnsSent = (await widgetData(order.orderId)).actions.filter(
          (action) => action.kind === "return"
        )
        expect(returnsSent).toHaveLength(2)
        await eventually(async () => {
          expect(await card.innerText()).not.toContain("Refund ")
        }, 20_000)
        await screenshot(dashboard, "money-5-refunded-medusa-figure")
      })
    })
  },
})
