import { CONTRACT_EXCEPTION_TEXT } from "../../src/domain/checkout/contract-exceptions"
import {
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  placeFinancedOrder,
  sandboxApplication,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"

/*
 * The return and cancel pages' answer (issue 24): where a cart's financing stands, read from the ledger, so
 * it holds even when Medusa has deleted the payment session; never a name, an email or an internal id.
 */
financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const store = {
      get headers() {
        return seed.headers
      },
    }
    const financingOf = async (cartId: string) =>
      (await api.get(`/store/retail-financing/carts/${cartId}/financing`, store)).data

    /** No personal data and no internal id but the order's: the answer's text holds none of these. */
    const expectNothingPersonal = (answer: unknown, ...internalIds: string[]) => {
      const text = JSON.stringify(answer)
      for (const word of [...internalIds, "@", "payses_", "rfapp_", "cart_", "pay_", "555"]) {
        expect(text).not.toContain(word)
      }
    }

    it("not_started: a cart without an application", async () => {
      const { cart } = (await api.post("/store/carts", { region_id: seed.regionId }, store)).data
      const answer = await financingOf(cart.id)
      expect(answer).toEqual({ state: "not_started", message: expect.any(String) })
    })

    it("order_placed: the order's id and display id, and what is still owed to the store", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const answer = await financingOf(order.cartId)
      expect(answer).toMatchObject({
        state: "order_placed",
        order: { id: order.orderId, display_id: expect.any(Number) },
      })
      // The sandbox's contracts carry an in-store payment (10% of the invoice, at most $100).
      expect(answer.in_store_payment).toEqual({
        amount: expect.stringMatching(/^\d+\.\d\d$/),
        message: expect.stringContaining("The store will contact you"),
      })
      expect(Number(answer.in_store_payment.amount)).toBeGreaterThan(0)
      expectNothingPersonal(answer, order.cartId)
    })

    it("order_placed by the shopper's own return before the signed callback: the in-store payment is still told", async () => {
      const { cart, publicId } = await startFinancedCart(api, seed)
      // The callbacks are lost: the ledger learns nothing of the signature, as when the shopper is back first.
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
      try {
        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        const placed = (await api.post(`/store/carts/${cart.id}/complete`, {}, store)).data
        expect(placed.type).toBe("order")
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({ cart_id: cart.id })
        expect(ledger.total_in_store_payment).toBeNull()

        const { contract } = await sandboxApplication(financing.sandbox, publicId)
        const answer = await financingOf(cart.id)
        expect(answer).toMatchObject({ state: "order_placed", order: { id: placed.order.id } })
        expect(answer.in_store_payment).toEqual({
          amount: contract.totalInStorePayment!.toFixed(2),
          message: expect.stringContaining("The store will contact you"),
        })
        expectNothingPersonal(answer, cart.id, publicId)
      } finally {
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0 })
      }
    })

    it("waiting: the service is approving; the page is told when to ask again", async () => {
      const { cart, publicId } = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, publicId, "PendingApproval")
      await callbacksSettled(financing.sandbox, publicId, 1)
      expect(await financingOf(cart.id)).toEqual({
        state: "waiting",
        message: expect.any(String),
        retry_after_ms: expect.any(Number),
      })
    })

    it.each([
      ["Declined", "declined"],
      ["Expired", "left"],
    ])("%s at the service: %s", async (status, state) => {
      const { cart, publicId } = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, publicId, status)
      await callbacksSettled(financing.sandbox, publicId, 1)
      const answer = await financingOf(cart.id)
      expect(answer).toEqual({ state, message: expect.any(String) })
      expectNothingPersonal(answer, cart.id, publicId)
    })

    it("signed_no_order: left at the service, Pay over time again, then the earlier application signed in the old tab", async () => {
      const first = await startFinancedCart(api, seed)
      await api.post(
        `/store/payment-collections/${first.collection.id}/payment-sessions`,
        { provider_id: RETAIL_FINANCING_PROVIDER_ID },
        store
      )
      await moveApplication(financing.sandbox, first.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, first.publicId, 2)
      const answer = await financingOf(first.cart.id)
      expect(answer).toEqual({
        state: "signed_no_order",
        message: `${CONTRACT_EXCEPTION_TEXT.superseded.shopper} You owe nothing for that contract.`,
      })
      expectNothingPersonal(answer, first.cart.id, first.publicId, first.session.id)
    })

    it("signed_no_order: an open application signed after the cart changed", async () => {
      const { cart, publicId, session } = await startFinancedCart(api, seed)
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: seed.variantIds[1], quantity: 1 },
        store
      )
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      const answer = await financingOf(cart.id)
      expect(answer).toEqual({
        state: "signed_no_order",
        message: `${CONTRACT_EXCEPTION_TEXT.cart_changed.shopper} You owe nothing for that contract.`,
      })
      expectNothingPersonal(answer, cart.id, publicId, session.id)
    })

    it("signed_no_order with the order: paid another way in a second tab, then the application signed in the first", async () => {
      const { cart, collection, publicId, session } = await startFinancedCart(api, seed)
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        store
      )
      const paid = (await api.post(`/store/carts/${cart.id}/complete`, {}, store)).data
      expect(paid.type).toBe("order")
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      const answer = await financingOf(cart.id)
      // Not "paid over time": the order is the other payment's, and the contract is void.
      expect(answer).toEqual({
        state: "signed_no_order",
        message: expect.stringMatching(/paid another way.*You owe nothing for that contract\.$/),
        order: { id: paid.order.id, display_id: paid.order.display_id },
      })
      expectNothingPersonal(answer, cart.id, publicId, session.id)
    })

    it("answers in Spanish for x-medusa-locale es-MX or ?locale=es: the same state and amounts, the words Spanish", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const english = await financingOf(order.cartId)
      const url = `/store/retail-financing/carts/${order.cartId}/financing`
      const byHeader = (await api.get(url, { headers: { ...seed.headers, "x-medusa-locale": "es-MX" } })).data
      const byQuery = (await api.get(`${url}?locale=es`, store)).data
      for (const spanish of [byHeader, byQuery]) {
        expect(spanish).toEqual({
          state: "order_placed",
          order: english.order,
          message: "Tu pedido está hecho y lo pagas a plazos.",
          in_store_payment: {
            amount: english.in_store_payment.amount,
            message: expect.stringMatching(
              /^Tu contrato no cubre \$[\d,]+\.\d\d de este pedido.*La tienda se comunicará contigo/
            ),
          },
        })
      }
      const unknown = await api.get("/store/retail-financing/carts/cart_unknown/financing?locale=es", {
        ...store,
        validateStatus: () => true,
      })
      expect(unknown.status).toBe(404)
      expect(unknown.data).toEqual({
        code: "cart_not_found",
        field: "id",
        message: expect.stringMatching(/^No encontramos/),
      })
    })

    it("an unknown cart: 404 with a plain message and the field, never a 500", async () => {
      const answer = await api
        .get("/store/retail-financing/carts/cart_01UNKNOWN/financing", store)
        .catch((error) => error.response)
      expect(answer.status).toBe(404)
      expect(answer.data).toEqual({ code: "cart_not_found", field: "id", message: expect.any(String) })
      expect(answer.data.message).not.toContain("cart_01UNKNOWN")
    })

    it("needs the publishable key, like every store route", async () => {
      const answer = await api
        .get("/store/retail-financing/carts/cart_01UNKNOWN/financing")
        .catch((error) => error.response)
      expect(answer.status).toBe(400)
    })
  },
})
