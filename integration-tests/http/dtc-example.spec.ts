/*
 * The DTC starter example's server actions (examples/dtc-starter/storefront/src/lib/data/financing.ts) run
 * as written, through @medusajs/js-sdk, against the real store API with the sandbox as the service: a
 * storefront that copies them gets what they promise. Next.js and the starter are not installed here, so
 * what the actions import from them is stood in for: cookies() is a jar, redirect() throws what a redirect
 * would carry, revalidateTag() does nothing, and the starter's @lib/config is its sdk (with the locale
 * header the starter adds from its locale cookie), @lib/data/cookies and @lib/util/env their few functions.
 * The storefront as a whole (files, patch, types, next build) is integration-tests/install/dtc-starter-backend.
 */
jest.mock("next/cache", () => ({ revalidateTag: () => undefined }), { virtual: true })
jest.mock(
  "next/navigation",
  () => ({
    redirect: (url: string) => {
      throw Object.assign(new Error(`NEXT_REDIRECT ${url}`), { redirectedTo: url })
    },
  }),
  { virtual: true }
)
jest.mock(
  "@lib/config",
  () => {
    const { default: Medusa } = jest.requireActual("@medusajs/js-sdk")
    const sdk = new Medusa({
      baseUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL,
      publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
    })
    // As the starter's lib/config.ts: every request carries the locale its cookie holds.
    const fetch = sdk.client.fetch.bind(sdk.client)
    sdk.client.fetch = (input: unknown, init: { headers?: Record<string, string> } = {}) =>
      fetch(input, {
        ...init,
        headers: { "x-medusa-locale": mockCookieJar.get("_medusa_locale") ?? "", ...init.headers },
      })
    return { sdk }
  },
  { virtual: true }
)
jest.mock(
  "@lib/data/cookies",
  () => ({
    getAuthHeaders: async () => ({}),
    getCacheTag: async (tag: string) => tag,
    removeCartId: async () => void mockCookieJar.delete("_medusa_cart_id"),
  }),
  { virtual: true }
)
jest.mock("@lib/util/env", () => ({ getBaseURL: () => process.env.NEXT_PUBLIC_BASE_URL }), { virtual: true })
jest.mock(
  "@lib/financing",
  () => jest.requireActual("../../examples/dtc-starter/storefront/src/lib/financing"),
  { virtual: true }
)

import {
  CHECKOUT_ADDRESS,
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  createCheckoutCart,
  createPaymentCollection,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderIdsOfCart,
  sandboxApplication,
} from "../helpers"
import type * as Shared from "../../examples/dtc-starter/storefront/src/lib/financing"

const mockCookieJar = new Map<string, string>()

/** medusa-config.ts lets the plugin send shoppers back to this origin. */
const STOREFRONT = "http://localhost:8000"
const EXAMPLE = "../../examples/dtc-starter/storefront/src/lib/data/financing"

/** The actions' shapes (their module imports the starter's aliases, which only jest resolves here). */
interface Actions {
  getFinancingEligibility(cartId: string): Promise<Shared.FinancingEligibility | null>
  startFinancing(
    cartId: string,
    countryCode: string
  ): Promise<{ ok: true; link: string } | { ok: false; message: string; reasons: Shared.FinancingReason[] }>
  financingLinkFor(cartId: string, countryCode: string): ReturnType<Actions["startFinancing"]>
  getCartFinancing(cartId: string): Promise<Shared.CartFinancing | null>
  settleFinancedCart(cartId: string, countryCode: string): Promise<Shared.CartFinancing | null>
}

jest.setTimeout(120_000)

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    let actions: Actions
    let shared: typeof Shared

    beforeAll(() => {
      // The example reads these when it loads, as the starter reads its .env.local: load it after the seed.
      process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL = financing.backendUrl
      process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY = seed.publishableKey
      process.env.NEXT_PUBLIC_BASE_URL = STOREFRONT
      process.env.NEXT_PUBLIC_FINANCING_PROVIDER_ID = RETAIL_FINANCING_PROVIDER_ID
      actions = jest.requireActual<Actions>(EXAMPLE)
      shared = jest.requireActual<typeof Shared>("../../examples/dtc-starter/storefront/src/lib/financing")
    })

    beforeEach(() => {
      mockCookieJar.clear()
      mockCookieJar.set("_medusa_cart_id", "cart_from_the_starter")
    })

    /** The cart as the starter's checkout reads it (the store's default fields). */
    const storeCart = async (cartId: string) =>
      (await api.get(`/store/carts/${cartId}`, { headers: seed.headers })).data.cart

    const validCart = () => createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 1 }] })

    const publicIdOf = async (cartId: string): Promise<string> => {
      const cart = await storeCart(cartId)
      const session = cart.payment_collection.payment_sessions.find(
        (candidate: { provider_id: string }) => candidate.provider_id === RETAIL_FINANCING_PROVIDER_ID
      )
      return session.data.publicId
    }

    /** A cart whose financing the example's action started, and its application's public id. */
    const financingStarted = async () => {
      const cart = await validCart()
      const started = await actions.startFinancing(cart.id, "us")
      if (!started.ok) throw new Error(`expected a link, got ${JSON.stringify(started)}`)
      return { cart, started, publicId: await publicIdOf(cart.id) }
    }

    /** A redirect() is thrown: what the page would be sent to, or the answer the page would show. */
    const settle = (cartId: string) =>
      actions.settleFinancedCart(cartId, "us").then(
        (answer) => ({ answer }),
        (error: { redirectedTo?: string }) => ({ redirectedTo: error.redirectedTo })
      )

    it("tells eligibility, and the session start's refusal, in the shopper's words with the reasons, in the starter's locale", async () => {
      const cart = await validCart()
      expect(await actions.getFinancingEligibility(cart.id)).toEqual({ eligible: true, reasons: [] })

      const uk = await createCheckoutCart(api, seed, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone: "+44 20 7946 0958" },
      })
      const reason = {
        code: "phone_not_us_mobile",
        field: "billing_address.phone",
        message: "Enter a US mobile phone number, such as 512-555-0100.",
      }
      expect(await actions.getFinancingEligibility(uk.id)).toEqual({ eligible: false, reasons: [reason] })
      expect(await actions.startFinancing(uk.id, "us")).toEqual({
        ok: false,
        message: reason.message,
        reasons: [reason],
      })

      // The starter's locale cookie (its language picker) makes every sentence Spanish; the keys stay.
      mockCookieJar.set("_medusa_locale", "es-MX")
      const spanish = {
        ...reason,
        message: "Escribe un número de celular de EE. UU., por ejemplo 512-555-0100.",
      }
      expect(await actions.getFinancingEligibility(uk.id)).toEqual({ eligible: false, reasons: [spanish] })
      expect(await actions.startFinancing(uk.id, "us")).toEqual({
        ok: false,
        message: spanish.message,
        reasons: [spanish],
      })
    })

    it("starts the session with return and cancel URLs carrying the cart, and reuses its link until the cart changes", async () => {
      const cart = await validCart()
      const started = await actions.startFinancing(cart.id, "us")
      if (!started.ok) throw new Error(`expected a link, got ${JSON.stringify(started)}`)

      const application = await sandboxApplication(financing.sandbox, await publicIdOf(cart.id))
      expect(application.input.redirectUrl).toBe(
        `${STOREFRONT}/us/checkout/financing/return?cart_id=${cart.id}`
      )
      expect(application.input.cancelUrl).toBe(
        `${STOREFRONT}/us/checkout/financing/cancel?cart_id=${cart.id}`
      )

      // Unchanged since the start: the review step's button sends the shopper to the same link, no new
      // application.
      expect(shared.reusableFinancingLink(await storeCart(cart.id))).toBe(started.link)
      expect(await actions.financingLinkFor(cart.id, "us")).toEqual({ ok: true, link: started.link })

      // A new phone keeps the total, so Medusa keeps the session, with the old phone in its application:
      // the button starts a fresh one.
      const updated = await api.post(
        `/store/carts/${cart.id}`,
        { billing_address: { ...CHECKOUT_ADDRESS, phone: "214-555-0199" } },
        { headers: seed.headers }
      )
      expect(updated.status).toBe(200)
      const changed = await storeCart(cart.id)
      expect(shared.reusableFinancingLink(changed)).toBeNull()
      const again = await actions.financingLinkFor(cart.id, "us")
      expect(again.ok && again.link).not.toBe(started.link)
    })

    /** Signs the cart's application at the sandbox and waits for the one order its callback makes. */
    async function signedOrderOf(cartId: string, publicId: string): Promise<string> {
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId)
      const [orderId] = await eventually(async () => {
        const ids = await orderIdsOfCart(getContainer(), cartId)
        if (ids.length !== 1) throw new Error(`orders of the cart: ${ids.length}`)
        return ids
      })
      return orderId
    }

    it("on return: an application not signed yet is said as such; once signed, the starter's confirmation page", async () => {
      const { cart, publicId } = await financingStarted()

      expect(await settle(cart.id)).toEqual({
        answer: { state: "not_started", message: expect.stringMatching(/not finished an application/) },
      })
      expect(mockCookieJar.has("_medusa_cart_id")).toBe(true)

      const orderId = await signedOrderOf(cart.id, publicId)
      // A contract that leaves nothing to pay at the store (the sandbox's always leave some): the ledger
      // records the service's 0, and its figure is the one the answer takes.
      const ledger = financingLedger(getContainer())
      const [application] = await ledger.listFinancingApplications({ public_id: publicId })
      await ledger.updateFinancingApplications({ id: application.id, total_in_store_payment: 0 })
      expect(await settle(cart.id)).toEqual({ redirectedTo: `/us/order/${orderId}/confirmed` })
      // As the starter's placeOrder: the spent cart's cookie is gone.
      expect(mockCookieJar.has("_medusa_cart_id")).toBe(false)
    })

    it("on return with a payment left to make at the store: says how much, with a link to the order, never paid in full", async () => {
      const { cart, publicId } = await financingStarted()
      const orderId = await signedOrderOf(cart.id, publicId)
      const { contract } = await sandboxApplication(financing.sandbox, publicId)
      expect(contract.totalInStorePayment).toBeGreaterThan(0)

      const settled = await settle(cart.id)
      expect(settled).toEqual({
        answer: expect.objectContaining({
          state: "order_placed",
          order: expect.objectContaining({ id: orderId }),
          in_store_payment: {
            amount: contract.totalInStorePayment!.toFixed(2),
            message: expect.stringContaining(`$${contract.totalInStorePayment!.toFixed(2)}`),
          },
        }),
      })
      expect(mockCookieJar.has("_medusa_cart_id")).toBe(false)
    })

    it("on the cancel page, says a declined application was not approved", async () => {
      const { cart, publicId } = await financingStarted()

      await moveApplication(financing.sandbox, publicId, "Declined")
      await callbacksSettled(financing.sandbox, publicId)
      expect(await actions.getCartFinancing(cart.id)).toEqual({
        state: "declined",
        message: expect.stringMatching(/not approved/),
      })
    })

    it("on return after paying another way in a second tab: never the confirmation of a financed order", async () => {
      const { cart, publicId } = await financingStarted()
      const collection = await createPaymentCollection(api, seed, cart.id)
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        { headers: seed.headers }
      )
      const paid = (await api.post(`/store/carts/${cart.id}/complete`, {}, { headers: seed.headers })).data
      expect(paid.type).toBe("order")

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      expect(await settle(cart.id)).toEqual({
        answer: {
          state: "signed_no_order",
          message: expect.stringMatching(/paid another way/),
          order: { id: paid.order.id, display_id: paid.order.display_id },
        },
      })
    })
  },
})
