import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"

import { COMPLETION_TAG_KEY } from "../../src/domain/checkout/interrupted-completion"

import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  callbackBody,
  callbacksSettled,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  orderLeftWithoutPayment,
  paymentsOfSession,
  postCallback,
  postSaleOf,
  sandboxApplication,
  sessionById,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"

/*
 * Case 3 of issue 12 without the kill: Medusa made the order and stopped before authorizing its payment.
 * The next callback, or the next reconciliation run, authorizes that order's payment (capturing it when the
 * contract is funded), links it in the ledger and sends what order.placed would have sent.
 */
financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    beforeEach(async () => {
      // Only what a test sends itself reaches Medusa: the half-done state must stay as it was left.
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
    })
    afterAll(async () => {
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0 })
    })

    /** A signed (or funded) contract whose cart Medusa made into an order without its payment. */
    async function orderWithoutItsPayment(status: "SignedWaitingForInvoice" | "Funded", callbacks: number) {
      const container = getContainer()
      const started = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, started.publicId, status)
      await callbacksSettled(financing.sandbox, started.publicId, callbacks)
      const orderId = await orderLeftWithoutPayment(container, started.cart, started.collection.id)

      // The state the issue found after a crash: an order, no payment, the session still pending.
      expect(await orderIdsOfCart(container, started.cart.id)).toEqual([orderId])
      expect(await paymentsOfSession(container, started.session.id)).toEqual([])
      expect((await sessionById(container, started.session.id)).status).toBe("pending")
      return { ...started, orderId }
    }

    async function paymentCollectionStatus(orderId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["payment_collections.status", "transactions.reference"],
        filters: { id: orderId },
      })
      const order = data[0] as {
        payment_collections: { status: string }[]
        transactions: { reference: string }[]
      }
      return {
        collections: order.payment_collections.map((collection) => collection.status),
        captures: order.transactions.filter((transaction) => transaction.reference === "capture").length,
      }
    }

    /** What order.placed would have sent: the order's number and id reach the service. */
    async function expectOrderReferencesSent(container: MedusaContainer, orderId: string, publicId: string) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["display_id"],
        filters: { id: orderId },
      })
      await eventually(async () => {
        expect((await postSaleOf(financing, publicId)).orderReferences).toEqual([
          String(data[0].display_id),
          orderId,
        ])
      }, 20_000)
    }

    it("the next callback authorizes the order's payment, links it and sends the order references", async () => {
      const container = getContainer()
      const { cart, session, publicId, orderId } = await orderWithoutItsPayment("SignedWaitingForInvoice", 2)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)

      const answer = await postCallback(callbackUrl!, callbackBody(publicId))
      expect(answer).toEqual({ status: 200, body: { received: true, action: "authorize" } })

      // The same order, now with its payment authorized; no second order.
      expect(await orderIdsOfCart(container, cart.id)).toEqual([orderId])
      expect(await orderCount(container)).toBe(1)
      const [payment, ...others] = await paymentsOfSession(container, session.id)
      expect(others).toEqual([])
      expect(Number(payment.amount)).toBeCloseTo(cart.total, 2)
      expect(payment.captured_at).toBeFalsy()
      expect((await sessionById(container, session.id)).status).toBe("authorized")
      expect((await paymentCollectionStatus(orderId)).collections).toEqual(["authorized"])

      const [application] = await financingLedger(container).listFinancingApplications({
        public_id: publicId,
      })
      expect(application.order_id).toBe(orderId)
      await expectOrderReferencesSent(container, orderId, publicId)

      // Repaired once: the next callback has nothing left to do.
      const again = await postCallback(callbackUrl!, callbackBody(publicId))
      expect(again).toEqual({ status: 200, body: { received: true, action: "none" } })
      expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
    })

    it("reconciliation authorizes and captures a funded contract's order that lost its payment", async () => {
      const container = getContainer()
      const { cart, session, publicId, orderId } = await orderWithoutItsPayment("Funded", 3)

      const report = await reconcileFinancingApplications(container)
      expect(report).toEqual(expect.objectContaining({ synced: 1, failed: 0 }))

      expect(await orderIdsOfCart(container, cart.id)).toEqual([orderId])
      expect(await orderCount(container)).toBe(1)
      const [payment, ...others] = await paymentsOfSession(container, session.id)
      expect(others).toEqual([])
      expect(payment.captured_at).toBeTruthy()
      expect(payment.captures).toHaveLength(1)
      expect(Number(payment.captures![0].amount)).toBeCloseTo(cart.total, 2)
      expect(await paymentCollectionStatus(orderId)).toEqual({ collections: ["completed"], captures: 1 })

      const [application] = await financingLedger(container).listFinancingApplications({
        public_id: publicId,
      })
      expect(application.order_id).toBe(orderId)
      await expectOrderReferencesSent(container, orderId, publicId)

      // A second run finds nothing left: no second capture.
      const again = await reconcileFinancingApplications(container)
      expect(again.synced).toBe(0)
      expect((await paymentsOfSession(container, session.id))[0].captures).toHaveLength(1)
      expect(await paymentCollectionStatus(orderId)).toEqual({ collections: ["completed"], captures: 1 })
    })

    it("repairs a funded contract the service reduced for what the contract is worth now, not the cart", async () => {
      const container = getContainer()
      const { cart, session, publicId, orderId } = await orderWithoutItsPayment("SignedWaitingForInvoice", 2)
      const totalCents = Math.round(cart.total * 100)
      const ledger = financingLedger(container)
      const [recorded] = await ledger.listFinancingApplications({ public_id: publicId })
      // What the sync that made the order recorded before Medusa stopped: the contract as signed.
      await ledger.updateFinancingApplications({
        id: recorded.id,
        status: "SignedWaitingForInvoice",
        invoice_amount: cart.total,
        signed_invoice_amount: cart.total,
      })
      // A $30 partial return reaches the service while the order has no payment (sent by hand: the ledger
      // has no order yet, so no store action could send it), and settles before the lender funds.
      await ledger.getClient().requestReturn(publicId, { returnType: 4, amount: 30, reason: "price" })
      await eventually(async () => {
        const record = (await sandboxApplication(financing.sandbox, publicId)) as unknown as {
          status: string
          contract: { invoiceAmount: number }
        }
        expect(record.status).toBe("SignedWaitingForInvoice")
        expect(Math.round(record.contract.invoiceAmount * 100)).toBe(totalCents - 3_000)
      }, 20_000)
      await moveApplication(financing.sandbox, publicId, "Funded")

      const report = await reconcileFinancingApplications(container)
      expect(report).toEqual(expect.objectContaining({ synced: 1, failed: 0 }))

      // Authorized for the cart, captured for the contract as it is: the same rule as a normal funded capture.
      const [payment, ...others] = await paymentsOfSession(container, session.id)
      expect(others).toEqual([])
      expect(Math.round(Number(payment.amount) * 100)).toBe(totalCents)
      expect(payment.captures).toHaveLength(1)
      expect(Math.round(Number(payment.captures![0].amount) * 100)).toBe(totalCents - 3_000)
      // The order's books record that capture, as for any funded capture.
      expect((await paymentCollectionStatus(orderId)).captures).toBe(1)
      expect(await orderIdsOfCart(container, cart.id)).toEqual([orderId])
      const [application] = await ledger.listFinancingApplications({ public_id: publicId })
      expect(application.order_id).toBe(orderId)

      // Nothing more is captured by a later run.
      await reconcileFinancingApplications(container)
      expect((await paymentsOfSession(container, session.id))[0].captures).toHaveLength(1)
    })

    it("never adopts an order tagged for the cart that another cart or another payment owns, or that differs from it", async () => {
      const container = getContainer()
      const started = await startFinancedCart(api, seed)
      const { cart } = started
      const tag = { [COMPLETION_TAG_KEY]: cart.id }
      // The tag, as a shopper can write it into any cart's metadata, also on orders that are not this cart's.
      await container.resolve(Modules.CART).updateCarts(cart.id, { metadata: tag })
      const [customerId] = (
        await container.resolve(ContainerRegistrationKeys.QUERY).graph({
          entity: "cart",
          fields: ["customer_id"],
          filters: { id: cart.id },
        })
      ).data.map((row: { customer_id: string }) => row.customer_id)
      const taggedOrder = async () =>
        (
          await createOrderWorkflow(container).run({
            input: {
              region_id: cart.region_id,
              sales_channel_id: cart.sales_channel_id,
              customer_id: customerId,
              email: cart.email,
              currency_code: cart.currency_code,
              metadata: tag,
              items: (cart.items ?? []).map((item) => ({
                variant_id: item.variant_id!,
                quantity: item.quantity,
                title: item.title,
                unit_price: item.unit_price,
              })),
            },
          })
        ).result.id
      const [otherCartsOrder, otherPaymentsOrder, differentOrder] = [
        await taggedOrder(),
        await taggedOrder(),
        await taggedOrder(),
      ]
      const [otherCart] = await container.resolve(Modules.CART).createCarts([{ currency_code: "usd" }])
      const [otherCollection] = await container
        .resolve(Modules.PAYMENT)
        .createPaymentCollections([{ currency_code: "usd", amount: 1 }])
      await container.resolve(ContainerRegistrationKeys.LINK).create([
        { [Modules.ORDER]: { order_id: otherCartsOrder }, [Modules.CART]: { cart_id: otherCart.id } },
        {
          [Modules.ORDER]: { order_id: otherPaymentsOrder },
          [Modules.PAYMENT]: { payment_collection_id: otherCollection.id },
        },
      ])

      await moveApplication(financing.sandbox, started.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, started.publicId, 2)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, started.publicId)
      const answer = await postCallback(callbackUrl!, callbackBody(started.publicId))
      expect(answer).toEqual({ status: 200, body: { received: true, action: "authorize" } })

      // The cart became an order of its own, paid; none of the tagged ones was taken or touched.
      const [orderId, ...more] = await orderIdsOfCart(container, cart.id)
      expect(more).toEqual([])
      expect([otherCartsOrder, otherPaymentsOrder, differentOrder]).not.toContain(orderId)
      expect(await paymentsOfSession(container, started.session.id)).toHaveLength(1)
      expect(await orderIdsOfCart(container, otherCart.id)).toEqual([otherCartsOrder])
      const { data: paymentLinks } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order_payment_collection",
        fields: ["order_id", "payment_collection_id"],
        filters: { order_id: [otherPaymentsOrder, differentOrder] },
      })
      expect(paymentLinks).toEqual([
        expect.objectContaining({ order_id: otherPaymentsOrder, payment_collection_id: otherCollection.id }),
      ])
      expect(await orderCount(container)).toBe(4)
    })
  },
})
