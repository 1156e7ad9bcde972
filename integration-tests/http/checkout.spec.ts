import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import {
  RETAIL_FINANCING_PROVIDER_ID,
  createCheckoutCart,
  createPaymentCollection,
  eventually,
  financingIntegrationSuite,
  moveApplication,
  sandboxApplication,
  TWO_ITEMS_WITH_PROMOTION,
} from "../helpers"

financingIntegrationSuite({
  seed: "checkout",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const storeHeaders = () => ({ headers: { "x-publishable-api-key": seed.publishableKey } })

    async function startFinancing(cartId: string) {
      const collection = await createPaymentCollection(api, seed, cartId)
      const response = await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: RETAIL_FINANCING_PROVIDER_ID, data: { firstName: "Mallory", amount: 1 } },
        storeHeaders()
      )
      const session = response.data.payment_collection.payment_sessions[0]
      return { collection, session }
    }

    async function orderOfCart(cartId: string): Promise<string | undefined> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order_cart",
        fields: ["order_id"],
        filters: { cart_id: cartId },
      })
      return (data as { order_id: string }[])[0]?.order_id
    }

    describe("pay over time", () => {
      it("builds the application from the cart on the server, and a signed contract becomes one order", async () => {
        const cart = await createCheckoutCart(api, seed, TWO_ITEMS_WITH_PROMOTION)
        expect(cart.discount_total).toBeGreaterThan(0)
        expect(cart.tax_total).toBeGreaterThan(0)

        const { session } = await startFinancing(cart.id)
        expect(session.status).toBe("pending")
        expect(session.data).toEqual(
          expect.objectContaining({ publicId: expect.any(String), link: expect.stringContaining("/apply/") })
        )
        // Nothing the browser sent survives, and the cart's personal details are not echoed back.
        expect(session.data.firstName).toBeUndefined()
        expect(session.data.sealed_application).toBeNull()

        const application = await sandboxApplication(financing.sandbox, session.data.publicId)
        const linesCents = application.input.products.reduce(
          (sum, line) => sum + Math.round(line.value * 100),
          0
        )
        expect(linesCents).toBe(Math.round(cart.total * 100))
        expect(application.input.products.map((line) => line.description)).toEqual(
          expect.arrayContaining([
            "Sales tax",
            expect.stringMatching(/^Shipping/),
            expect.stringMatching(/^Discount/),
          ])
        )
        // Keyed by the ledger's id of the application, which is also its reference number.
        expect(session.data.applicationId).toMatch(/^rfapp_/)
        expect(application.input.referenceNumber).toBe(session.data.applicationId)
        expect(application.callbackUrl).toContain(`/hooks/retail-financing/${session.data.applicationId}/`)

        await moveApplication(financing.sandbox, session.data.publicId, "SignedWaitingForInvoice")
        // The callback is answered once Medusa has done its work: wait for the service to see it delivered.
        await eventually(async () => {
          const { callbacks } = await sandboxApplication(financing.sandbox, session.data.publicId)
          if (!callbacks.some((callback) => callback.delivered)) throw new Error("no callback delivered yet")
        }, 30_000)
        const orderId = await orderOfCart(cart.id)
        expect(orderId).toBeDefined()

        const payments = getContainer().resolve(Modules.PAYMENT)
        const [payment] = await payments.listPayments({ payment_session_id: session.id })
        expect(payment).toBeDefined()
        expect(payment.captured_at).toBeFalsy()

        // The shopper comes back and completes the cart: the same order, not a second one.
        const completed = await api.post(`/store/carts/${cart.id}/complete`, {}, storeHeaders())
        expect(completed.data.type).toBe("order")
        expect(completed.data.order.id).toBe(orderId)
      })
    })
  },
})
