import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { FINANCING_CART_FIELDS, type FinancingCart } from "../../src/domain/checkout/cart"
import { CONTRACT_EXCEPTION_TEXT } from "../../src/domain/checkout/contract-exceptions"
import { currentFingerprints } from "../../src/domain/checkout/financed-fingerprint"
import { centsFromDecimal, fromCents } from "../../src/lib/financing/money"
import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  callbackBody,
  CHECKOUT_ADDRESS,
  RETAIL_FINANCING_PROVIDER_ID,
  callbacksSettled,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  postCallback,
  sandboxApplication,
  sessionById,
  startFinancedCart,
  watchLogs,
} from "../helpers"

/*
 * A signature completes a cart only while the cart still matches what was financed (issue 12, cases 1, 2
 * and 5), as the fingerprints and the supersession recorded at creation (start-financing-application) say,
 * and only when the contract covers the cart's total (contract_short).
 */
financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const logs = watchLogs(getContainer)
    // A getter: the seed is filled in by the suite's beforeAll, after this body has run.
    const store = {
      get headers() {
        return seed.headers
      },
    }

    const ledgerOf = async (publicId: string) => {
      const [application] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: publicId,
      })
      return application
    }

    async function signAndSettle(publicId: string, signedFor?: { invoiceAmount: number }) {
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice", signedFor)
      await callbacksSettled(financing.sandbox, publicId, 2)
    }

    /**
     * A contract signed at the service with no order: the ledger holds its exception, and the merchant sees
     * it, alone, among the open exceptions the admin API lists, to void at the service.
     */
    async function expectException(publicId: string, reason: string) {
      const ledger = await ledgerOf(publicId)
      expect(ledger).toEqual(expect.objectContaining({ order_id: null, exception_reason: reason }))
      const atService = await sandboxApplication(financing.sandbox, publicId)
      expect(atService.status).toBe("SignedWaitingForInvoice")
      expect(atService.input.referenceNumber).toBe(ledger.id)
      const { data } = await api.get("/admin/retail-financing/exceptions", adminHeaders)
      expect(data.exceptions).toEqual([
        expect.objectContaining({
          id: ledger.id,
          public_id: publicId,
          exception: expect.objectContaining({ reason }),
        }),
      ])
    }

    async function replay(publicId: string) {
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)
      return postCallback(callbackUrl!, callbackBody(publicId))
    }

    it("case 1, identity swap: the customer's details changed after applying; the signature places no order", async () => {
      const container = getContainer()
      const { cart, session, publicId } = await startFinancedCart(api, seed)
      const mallory = {
        ...CHECKOUT_ADDRESS,
        first_name: "Mallory",
        last_name: "Mule",
        address_1: "99 Drop St",
      }
      const { data } = await api.post(
        `/store/carts/${cart.id}`,
        { email: "mallory@retail-financing.test", shipping_address: mallory, billing_address: mallory },
        store
      )
      // The total did not change, so Medusa kept the financing session: only the fingerprint can tell.
      expect(data.cart.total).toBe(cart.total)
      expect((await sessionById(container, session.id)).status).toBe("pending")

      await signAndSettle(publicId)

      expect(await orderIdsOfCart(container, cart.id)).toEqual([])
      expect(await orderCount(container)).toBe(0)
      const stored = await sessionById(container, session.id)
      expect(stored.status).toBe("error")
      expect(stored.data?.failure).toEqual({
        reason: "customer_details_changed",
        message: CONTRACT_EXCEPTION_TEXT.customer_details_changed.shopper,
      })
      await expectException(publicId, "customer_details_changed")
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      // Nothing of either shopper in the log line.
      expect(logs.mentioning(publicId).warn[0]).not.toMatch(/Mallory|Mule|Drop St|Jordan|Rivera|Main St|@/)

      // The shopper's return page completes the cart: refused, no order.
      const completed = await api
        .post(`/store/carts/${cart.id}/complete`, {}, store)
        .catch((error: { response: { data: unknown } }) => ({ data: error.response.data }))
      expect((completed.data as { type?: string }).type).not.toBe("order")
      expect(await orderCount(container)).toBe(0)

      // Changing the details back does not make the old contract good again: the exception stays.
      await api.post(
        `/store/carts/${cart.id}`,
        {
          email: "shopper@retail-financing.test",
          shipping_address: CHECKOUT_ADDRESS,
          billing_address: CHECKOUT_ADDRESS,
        },
        store
      )
      expect(await replay(publicId)).toEqual({ status: 200, body: { received: true, action: "none" } })
      expect(await orderCount(container)).toBe(0)
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
    })

    it("case 5: an item was added after applying (Medusa deleted the session); the old link signed is cart_changed, logged once", async () => {
      const container = getContainer()
      const { cart, collection, session, publicId } = await startFinancedCart(api, seed)
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: seed.variantIds[1], quantity: 1 },
        store
      )
      await expect(
        container.resolve(Modules.PAYMENT).retrievePaymentSession(session.id)
      ).rejects.toMatchObject({ type: "not_found" })

      await signAndSettle(publicId)
      // Answered 2xx (it used to be 410 and an error line per retry): the service stops retrying.
      const { callbacks } = await sandboxApplication(financing.sandbox, publicId)
      expect(callbacks.map(({ delivered }) => delivered)).toEqual([true, true])

      expect(await orderIdsOfCart(container, cart.id)).toEqual([])
      expect(await orderCount(container)).toBe(0)
      // No session is left to mark: the cart's payment collection holds no financing session at all.
      const sessions = await container
        .resolve(Modules.PAYMENT)
        .listPaymentSessions({ payment_collection_id: collection.id })
      expect(sessions.filter(({ provider_id }) => provider_id === RETAIL_FINANCING_PROVIDER_ID)).toEqual([])
      await expectException(publicId, "cart_changed")
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.error).toEqual([])
      for (let repeat = 0; repeat < 3; repeat++) {
        expect(await replay(publicId)).toEqual({ status: 200, body: { received: true, action: "none" } })
      }
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.error).toEqual([])
    })

    it("contract_short: the contract was signed for a cent less than the cart; no order, one exception, even after a replay and a reconciliation", async () => {
      const container = getContainer()
      const { cart, session, publicId } = await startFinancedCart(api, seed)
      const cartCents = centsFromDecimal(cart.total)
      const invoiceAmount = fromCents(cartCents - 1)

      await signAndSettle(publicId, { invoiceAmount })
      // The premise: the service reports a signed contract for less than was applied for, and was answered 2xx.
      const atService = await sandboxApplication(financing.sandbox, publicId)
      expect(centsFromDecimal(atService.total)).toBe(cartCents)
      expect(atService.contract.invoiceAmount).toBe(invoiceAmount)
      expect(atService.callbacks.map(({ delivered }) => delivered)).toEqual([true, true])

      expect(await orderIdsOfCart(container, cart.id)).toEqual([])
      expect(await orderCount(container)).toBe(0)
      const stored = await sessionById(container, session.id)
      expect(stored.status).toBe("error")
      expect(stored.data?.failure).toEqual({
        reason: "contract_short",
        message: CONTRACT_EXCEPTION_TEXT.contract_short.shopper,
      })
      await expectException(publicId, "contract_short")
      const opened = await ledgerOf(publicId)
      expect(opened.exception_at).toBeTruthy()
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.mentioning(publicId).warn[0]).toContain("contract_short")
      expect(logs.error).toEqual([])

      // The shopper's return page completes the cart: refused, no order.
      const completed = await api
        .post(`/store/carts/${cart.id}/complete`, {}, store)
        .catch((error: { response: { data: unknown } }) => ({ data: error.response.data }))
      expect((completed.data as { type?: string }).type).not.toBe("order")
      expect(await orderCount(container)).toBe(0)

      // The service sends its callback again, then reconciliation runs: nothing more is done or recorded.
      expect(await replay(publicId)).toEqual({ status: 200, body: { received: true, action: "none" } })
      const report = await reconcileFinancingApplications(container)
      expect(report).toEqual(expect.objectContaining({ synced: 0, failed: 0 }))

      expect(await orderIdsOfCart(container, cart.id)).toEqual([])
      expect(await orderCount(container)).toBe(0)
      expect((await sessionById(container, session.id)).status).toBe("error")
      await expectException(publicId, "contract_short")
      expect((await ledgerOf(publicId)).exception_at).toEqual(opened.exception_at)
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.error).toEqual([])
    })

    it("case 2: a newer session superseded the first; signing the first is an exception, signing the newest gives the one order", async () => {
      const container = getContainer()
      const first = await startFinancedCart(api, seed)
      const newer = await api.post(
        `/store/payment-collections/${first.collection.id}/payment-sessions`,
        { provider_id: RETAIL_FINANCING_PROVIDER_ID },
        store
      )
      const newest = newer.data.payment_collection.payment_sessions[0] as {
        id: string
        data: { publicId: string }
      }
      expect(newest.data.publicId).not.toBe(first.publicId)
      expect((await ledgerOf(first.publicId)).superseded_by_id).toBe(
        (await ledgerOf(newest.data.publicId)).id
      )

      await signAndSettle(first.publicId)
      expect(await orderIdsOfCart(container, first.cart.id)).toEqual([])
      expect((await ledgerOf(first.publicId)).exception_reason).toBe("superseded")
      expect(logs.mentioning(first.publicId).warn).toHaveLength(1)

      await signAndSettle(newest.data.publicId)
      const [orderId, ...others] = await orderIdsOfCart(container, first.cart.id)
      expect(orderId).toBeDefined()
      expect(others).toEqual([])
      expect((await ledgerOf(newest.data.publicId)).exception_reason).toBeNull()
      expect(await orderCount(container)).toBe(1)
    })

    it("a contract applied for before the v2 cart fingerprint still completes its cart, and only that cart", async () => {
      // A ledger row as an earlier version recorded it: the cart fingerprint over the lines in the order
      // query.graph read them, without the v2 prefix (an upgrade with applications in flight).
      const container = getContainer()
      const asRecordedBefore = async (cartId: string, publicId: string) => {
        const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
          entity: "cart",
          fields: FINANCING_CART_FIELDS,
          filters: { id: cartId },
        })
        const ledger = await ledgerOf(publicId)
        const { callbackSecret } = financingLedger(container).getOptions()
        const current = currentFingerprints(callbackSecret, (data as FinancingCart[])[0], ledger.store_code!)
        expect(ledger.cart_fingerprint).toBe(current!.cart)
        await financingLedger(container).updateFinancingApplications({
          id: ledger.id,
          cart_fingerprint: current!.legacyCart,
        })
      }

      const kept = await startFinancedCart(api, seed)
      await asRecordedBefore(kept.cart.id, kept.publicId)
      await signAndSettle(kept.publicId)
      expect(await orderIdsOfCart(container, kept.cart.id)).toHaveLength(1)

      const changed = await startFinancedCart(api, seed)
      await asRecordedBefore(changed.cart.id, changed.publicId)
      const item = changed.cart.items![0]
      await api.post(`/store/carts/${changed.cart.id}/line-items/${item.id}`, { quantity: 2 }, store)
      await signAndSettle(changed.publicId)
      expect(await orderIdsOfCart(container, changed.cart.id)).toEqual([])
      expect((await ledgerOf(changed.publicId)).exception_reason).toBe("cart_changed")
      await financingLedger(container).ledger.resolveException(
        (await ledgerOf(changed.publicId)).id,
        "resolved",
        "test"
      )
    })
  },
})
