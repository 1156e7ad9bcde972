import { Modules } from "@medusajs/framework/utils"

import type { OrderBooks } from "../../src/domain/post-sale/order-books"
import {
  type PlacedFinancedOrder,
  eventually,
  financingIntegrationSuite,
  fulfilAndShip,
  receiveReturnOfOne,
  financingLedger,
  moveApplication,
  placeFinancedOrder,
  postCallback,
  callbackBody,
  sandboxApplication,
} from "../helpers"

jest.setTimeout(180_000)

const PARTIAL = 4
const RETURN = 2
const REDRAFT = 1

const cents = (dollars: number | string | null | undefined) => Math.round(Number(dollars ?? 0) * 100)

/**
 * Medusa's books (captured and refunded) and the service's (invoice, borrowed, funded) after each return
 * path, read where each keeps them: Medusa's payment module, the sandbox's record, and the order widget's
 * data, which must show the same figures and say why they differ from the order total.
 */
financingIntegrationSuite({
  sandbox: { returnSettleMs: 1500, invoiceApprovalMs: 200 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const admin = () => adminHeaders

    /** What Medusa holds of the order's financing payment, in cents. */
    async function medusaBooks(order: PlacedFinancedOrder) {
      const payments = getContainer().resolve(Modules.PAYMENT)
      const [payment] = await payments.listPayments(
        { payment_session_id: order.sessionId },
        { relations: ["captures", "refunds"] }
      )
      const sum = (rows: { amount: unknown }[] | undefined) =>
        (rows ?? []).reduce((total, row) => total + cents(row.amount as number), 0)
      return {
        payment,
        authorized: cents(payment?.amount as number),
        captured: sum(payment?.captures),
        refunded: sum(payment?.refunds),
        capturedAt: payment?.captured_at ?? null,
        canceledAt: payment?.canceled_at ?? null,
      }
    }

    /** The service's record of the contract, in cents (GET /sandbox/applications/:publicId). */
    async function serviceBooks(order: PlacedFinancedOrder) {
      const record = (await sandboxApplication(financing.sandbox, order.publicId)) as unknown as {
        status: string
        contract: { invoiceAmount: number; borrowedAmount: number; totalInStorePayment: number }
        funding: { amount: number } | null
        returnRequests: { returnType?: number; amount?: number; settledAt: string | null }[]
      }
      return {
        status: record.status,
        invoice: cents(record.contract.invoiceAmount),
        borrowed: cents(record.contract.borrowedAmount),
        inStore: cents(record.contract.totalInStorePayment),
        funded: record.funding ? cents(record.funding.amount) : null,
        returnRequests: record.returnRequests,
      }
    }

    /** The order widget's data: the books it shows. */
    async function widgetBooks(order: PlacedFinancedOrder): Promise<OrderBooks> {
      const { data } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, admin())
      return data.financing.books as OrderBooks
    }

    const orderTotal = async (order: PlacedFinancedOrder) => {
      const { data } = await api.get(`/admin/orders/${order.orderId}?fields=total`, admin())
      return cents(data.order.total)
    }

    /** The service settled every return sent, and the ledger has read the contract since. */
    const settledAt = (order: PlacedFinancedOrder, status: string, invoiceCents: number) =>
      eventually(async () => {
        const service = await serviceBooks(order)
        expect(service.status).toBe(status)
        expect(service.returnRequests.every((request) => request.settledAt)).toBe(true)
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
          order_id: order.orderId,
        })
        expect(ledger.status).toBe(status)
        expect(cents(ledger.invoice_amount as number)).toBe(invoiceCents)
      }, 30_000)

    const funded = async (order: PlacedFinancedOrder) => {
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      return eventually(async () => {
        const books = await medusaBooks(order)
        // Done when the provider's answer is on the payment, not only when the capture row exists.
        if (books.captured === 0 || books.payment?.data?.capturedInvoiceCents === undefined) {
          throw new Error("not captured yet")
        }
        return books
      }, 30_000)
    }

    /** Receives one pillow (the seed's second variant) back in Medusa: a return requested and received. */
    /** One of the order's pillows taken back through Medusa's return flow; what it is worth, in cents. */
    const receiveOnePillow = (order: PlacedFinancedOrder) =>
      receiveReturnOfOne(api, admin(), seed, order.orderId, { variantIndex: 1 })

    it("captures a Funded contract after the merchant's partial return, for the contract as reduced", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      const signed = await serviceBooks(order)
      expect(signed.invoice).toBe(total)

      await api.post(
        `/admin/retail-financing/orders/${order.orderId}/returns`,
        { return_type: "partial", amount: 50, return_reason_id: "price" },
        admin()
      )
      await settledAt(order, signed.status, total - 5_000)
      const reduced = await serviceBooks(order)
      expect(reduced.returnRequests).toEqual([expect.objectContaining({ returnType: PARTIAL, amount: 50 })])
      expect(reduced.borrowed).toBe(signed.borrowed - 5_000)

      const medusa = await funded(order)
      const service = await serviceBooks(order)
      expect(service.status).toBe("Funded")
      // The lender paid for the contract as reduced; Medusa captured that, and refunded nothing.
      expect(service.funded).toBe(service.borrowed)
      expect(medusa).toEqual(
        expect.objectContaining({ authorized: total, captured: total - 5_000, refunded: 0 })
      )
      expect(medusa.captured).toBe(service.invoice)
      expect(medusa.captured).toBe(service.funded! + service.inStore)

      // The rest of the authorization is what the return took off: capturing it is refused.
      const refused = await api
        .post(`/admin/payments/${medusa.payment.id}/capture`, { amount: 50 }, admin())
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/captured already/)
      expect((await medusaBooks(order)).captured).toBe(total - 5_000)

      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({
          order_total: total / 100,
          captured: (total - 5_000) / 100,
          refunded: 0,
          contract_signed: total / 100,
          contract_now: (total - 5_000) / 100,
          lender_paid: service.funded! / 100,
          in_store_payment: service.inStore / 100,
          books_agree: true,
        })
      )
      expect(books.differences.map((difference) => [difference.reason, difference.amount])).toEqual([
        ["returns", 50],
        ["in_store_payment", service.inStore / 100],
      ])
    })

    it("agrees after a refund in Medusa once the contract is funded", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      const medusa = await funded(order)
      expect(medusa).toEqual(expect.objectContaining({ captured: total, refunded: 0 }))

      await api.post(`/admin/payments/${medusa.payment.id}/refund`, { amount: 40 }, admin())
      await settledAt(order, "Funded", total - 4_000)

      const after = await medusaBooks(order)
      const service = await serviceBooks(order)
      expect(after).toEqual(expect.objectContaining({ captured: total, refunded: 4_000 }))
      expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: PARTIAL, amount: 40 })])
      expect(after.captured - after.refunded).toBe(service.invoice)
      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({ captured: total / 100, refunded: 40, books_agree: true })
      )
      // The lender was paid before the refund: what it paid is shown as it was.
      expect(books.lender_paid).toBe(service.funded! / 100)
    })

    /** An order of a chair and two pillows (one to take back), funded and shipped. */
    const fundedAndShippedWithPillows = async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 2 },
        ],
      })
      const total = await orderTotal(order)
      const medusa = await funded(order)
      await fulfilAndShip(api, admin(), seed, order.orderId)
      return { order, total, medusa }
    }

    it("agrees after a received return and its refund once the contract is funded", async () => {
      const { order, total, medusa } = await fundedAndShippedWithPillows()
      const returnedCents = await receiveOnePillow(order)
      await settledAt(order, "Funded", total - returnedCents)

      // Until the merchant refunds it, the widget says why Medusa holds more than the contract.
      const before = await widgetBooks(order)
      expect(before.books_agree).toBe(false)
      expect(before.differences).toContainEqual(
        expect.objectContaining({ reason: "not_refunded_in_medusa", amount: returnedCents / 100 })
      )

      await api.post(`/admin/payments/${medusa.payment.id}/refund`, { amount: returnedCents / 100 }, admin())
      const after = await eventually(async () => {
        const books = await medusaBooks(order)
        expect(books.refunded).toBe(returnedCents)
        return books
      }, 20_000)
      const service = await serviceBooks(order)
      // The refund pays for the received return: one request, and the two books agree.
      expect(service.returnRequests).toEqual([
        expect.objectContaining({ returnType: PARTIAL, amount: returnedCents / 100 }),
      ])
      expect(after.captured - after.refunded).toBe(service.invoice)
      expect((await widgetBooks(order)).books_agree).toBe(true)
    })

    // Issue 23's sequence: a refund for another reason, then a received return, then the refund Medusa
    // itself suggests. The widget suggests Medusa's figure, and refunding it sends nothing more.
    it("after a refund then a received return, the widget's refund is Medusa's own and sends nothing more", async () => {
      const { order, total, medusa } = await fundedAndShippedWithPillows()

      await api.post(`/admin/payments/${medusa.payment.id}/refund`, { amount: 10 }, admin())
      await settledAt(order, "Funded", total - 1_000)
      const returnedCents = await receiveOnePillow(order)
      expect(returnedCents).toBeGreaterThan(1_000)
      // Medusa owed nothing when it refunded $10: it lowered the order's total by a credit line. The return
      // asks for what the order no longer charges beyond the refund already asked for: the items' value.
      await settledAt(order, "Funded", total - 1_000 - returnedCents)

      const { data } = await api.get(`/admin/orders/${order.orderId}?fields=summary.*`, admin())
      const medusaSuggests = -cents(data.order.summary.pending_difference)
      expect(medusaSuggests).toBe(returnedCents)
      const before = await widgetBooks(order)
      expect(before.differences.map((difference) => difference.reason)).not.toContain("order_changed")
      expect(before.to_do).toContainEqual(
        expect.objectContaining({ kind: "refund_in_medusa", amount: medusaSuggests / 100 })
      )

      await api.post(`/admin/payments/${medusa.payment.id}/refund`, { amount: medusaSuggests / 100 }, admin())
      await eventually(async () => {
        expect((await medusaBooks(order)).refunded).toBe(1_000 + returnedCents)
      }, 20_000)
      // Give the refund's subscriber its time: a wrong rule sends a third request now.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await settledAt(order, "Funded", total - 1_000 - returnedCents)
      const service = await serviceBooks(order)
      expect(service.returnRequests).toEqual([
        expect.objectContaining({ returnType: PARTIAL, amount: 10 }),
        expect.objectContaining({ returnType: PARTIAL, amount: returnedCents / 100 }),
      ])
      const after = await widgetBooks(order)
      expect(after.books_agree).toBe(true)
      expect(after.to_do.filter((item) => item.kind === "refund_in_medusa")).toEqual([])
    })

    /** The sandbox funds the contract and the ledger has read it: whatever Medusa could capture is done. */
    const fundedInLedger = async (order: PlacedFinancedOrder) => {
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      await eventually(async () => {
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
          order_id: order.orderId,
        })
        expect(ledger.status).toBe("Funded")
      }, 30_000)
    }

    it("a received return before funding: Medusa cancels the payment; the widget says so and what to do", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 2 },
        ],
      })
      const total = await orderTotal(order)
      expect((await serviceBooks(order)).invoice).toBe(total)
      await fulfilAndShip(api, admin(), seed, order.orderId)
      const returnedCents = await receiveOnePillow(order)
      // The fulfilment sent the invoice, which the sandbox approves: the contract is Signed.
      await settledAt(order, "Signed", total - returnedCents)
      const reduced = await serviceBooks(order)
      expect(reduced.returnRequests).toEqual([
        expect.objectContaining({ returnType: PARTIAL, amount: returnedCents / 100 }),
      ])
      // Medusa's return reopened the order's payment collection: the authorized financing payment is canceled
      // (core-flows' createOrUpdateOrderPaymentCollectionWorkflow). The provider told the service nothing.
      const canceled = await medusaBooks(order)
      expect(canceled).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
      expect(canceled.canceledAt).not.toBeNull()

      await fundedInLedger(order)
      const service = await serviceBooks(order)
      // The contract stands at the service, reduced by the one return only; the lender paid it.
      expect(service.status).toBe("Funded")
      expect(service.invoice).toBe(total - returnedCents)
      expect(service.returnRequests).toHaveLength(1)
      expect(service.funded).toBe(service.borrowed)
      // Medusa cannot capture a canceled payment: nothing captured, and the sync does not fail on it.
      const { callbackUrl } = await sandboxApplication(financing.sandbox, order.publicId)
      expect((await postCallback(callbackUrl!, callbackBody(order.publicId))).status).toBe(200)
      expect(await medusaBooks(order)).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({
          order_total: (total - returnedCents) / 100,
          captured: 0,
          contract_signed: total / 100,
          contract_now: (total - returnedCents) / 100,
          lender_paid: service.funded! / 100,
          books_agree: false,
        })
      )
      expect(books.differences).toContainEqual(
        expect.objectContaining({
          reason: "payment_canceled_by_order_change",
          amount: (total - returnedCents) / 100,
        })
      )
    })

    it("after a widget return once funded: the contract is lowered, Medusa agrees once the merchant refunds", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      const medusa = await funded(order)
      expect(medusa).toEqual(expect.objectContaining({ captured: total, refunded: 0 }))
      const lenderPaid = (await serviceBooks(order)).funded!

      await api.post(
        `/admin/retail-financing/orders/${order.orderId}/returns`,
        { return_type: "partial", amount: 25, return_reason_id: "price" },
        admin()
      )
      await settledAt(order, "Funded", total - 2_500)
      const service = await serviceBooks(order)
      expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: PARTIAL, amount: 25 })])
      // Medusa captured the whole order and refunded nothing yet: it holds $25 more than the contract.
      expect(await medusaBooks(order)).toEqual(expect.objectContaining({ captured: total, refunded: 0 }))
      const before = await widgetBooks(order)
      expect(before).toEqual(
        expect.objectContaining({ contract_now: (total - 2_500) / 100, books_agree: false })
      )
      expect(before.differences).toContainEqual(
        expect.objectContaining({ reason: "not_refunded_in_medusa", amount: 25 })
      )

      // The merchant's refund in Medusa is that money: nothing more is requested of the service.
      await api.post(`/admin/payments/${medusa.payment.id}/refund`, { amount: 25 }, admin())
      const after = await eventually(async () => {
        const books = await medusaBooks(order)
        expect(books.refunded).toBe(2_500)
        return books
      }, 20_000)
      const afterService = await serviceBooks(order)
      expect(afterService.returnRequests).toHaveLength(1)
      expect(after.captured - after.refunded).toBe(afterService.invoice)
      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({ captured: total / 100, refunded: 25, books_agree: true })
      )
      // The lender was paid before the return: what it paid is shown as it was.
      expect(books.lender_paid).toBe(lenderPaid / 100)
    })

    it("agrees after a cancel before funding: nothing captured, the contract returned whole", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      await api.post(`/admin/orders/${order.orderId}/cancel`, {}, admin())
      await settledAt(order, "Returned", total)

      const medusa = await medusaBooks(order)
      const service = await serviceBooks(order)
      expect(medusa).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
      expect(medusa.canceledAt).not.toBeNull()
      expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: RETURN })])
      expect(service.funded).toBeNull()
      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({
          captured: 0,
          refunded: 0,
          contract_now: 0,
          lender_paid: null,
          books_agree: true,
        })
      )
    })

    it("shows an edited order's total against the contract as signed", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const total = await orderTotal(order)
      await api.post("/admin/order-edits", { order_id: order.orderId }, admin())
      await api.post(
        `/admin/order-edits/${order.orderId}/items`,
        { items: [{ variant_id: seed.variantIds[1], quantity: 1 }] },
        admin()
      )
      await api.post(`/admin/order-edits/${order.orderId}/request`, {}, admin())
      await api.post(`/admin/order-edits/${order.orderId}/confirm`, {}, admin())
      const edited = await orderTotal(order)
      expect(edited).toBeGreaterThan(total)

      // The sandbox settles a Redraft back to the contract as signed, its amounts unchanged.
      await eventually(async () => {
        const service = await serviceBooks(order)
        expect(service.returnRequests).toEqual([expect.objectContaining({ returnType: REDRAFT })])
        expect(service.returnRequests.every((request) => request.settledAt)).toBe(true)
        expect(service.invoice).toBe(total)
      }, 20_000)
      const medusa = await medusaBooks(order)
      expect(medusa).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
      const books = await widgetBooks(order)
      expect(books).toEqual(
        expect.objectContaining({
          order_total: edited / 100,
          contract_signed: total / 100,
          captured: 0,
          books_agree: null,
        })
      )
      expect(books.differences).toContainEqual(
        expect.objectContaining({ reason: "order_changed", amount: (edited - total) / 100 })
      )
      // The edit reopened the payment collection: Medusa canceled the financing payment, not the contract.
      expect(medusa.canceledAt).not.toBeNull()
      expect(books.differences).toContainEqual(
        expect.objectContaining({ reason: "payment_canceled_by_order_change", amount: total / 100 })
      )

      // Funded later: the lender pays the contract as signed; Medusa captures nothing, and says why.
      await fundedInLedger(order)
      const service = await serviceBooks(order)
      expect(service.status).toBe("Funded")
      expect(service.funded).toBe(service.borrowed)
      expect(await medusaBooks(order)).toEqual(expect.objectContaining({ captured: 0, refunded: 0 }))
      const after = await widgetBooks(order)
      expect(after).toEqual(expect.objectContaining({ books_agree: false, contract_now: total / 100 }))
      const canceledNote = after.differences.find(
        (difference) => difference.reason === "payment_canceled_by_order_change"
      )
      expect(canceledNote?.description).toMatch(
        /the contract covers .*, the order is now .*collect the difference another way/
      )
    })
  },
})
