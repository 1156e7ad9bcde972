/*
 * The Next.js starter example's server actions (examples/nextjs/src/lib/data/financing.ts) run as written,
 * through @medusajs/js-sdk, against the real store API with the sandbox as the service: a storefront that
 * copies them gets what they promise. Next.js is not installed here, so its three functions are stood in
 * for: cookies() is a jar, redirect() throws what a redirect would carry, revalidateTag() does nothing.
 */
jest.mock(
  "next/headers",
  () => ({
    cookies: async () => ({
      get: (name: string) => (mockCookieJar.has(name) ? { name, value: mockCookieJar.get(name) } : undefined),
      set: (name: string, value: string, options?: { maxAge?: number }) => {
        if (options?.maxAge !== undefined && options.maxAge <= 0) mockCookieJar.delete(name)
        else mockCookieJar.set(name, value)
      },
    }),
  }),
  { virtual: true }
)
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

import { Modules } from "@medusajs/framework/utils"

import {
  CHECKOUT_ADDRESS,
  RETAIL_FINANCING_PROVIDER_ID,
  callbacksSettled,
  createCheckoutCart,
  eventually,
  financingIntegrationSuite,
  moveApplication,
  orderIdsOfCart,
  sandboxApplication,
} from "../helpers"

const mockCookieJar = new Map<string, string>()

/** medusa-config.ts lets the plugin send shoppers back to this origin. */
const STOREFRONT = "http://localhost:8000"

type Actions = typeof import("../../examples/nextjs/src/lib/data/financing")
type Shared = typeof import("../../examples/nextjs/src/lib/financing")

jest.setTimeout(120_000)

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    let actions: Actions
    let shared: Shared

    beforeAll(() => {
      // The example reads these when it loads, as the starter reads its .env: load it after the seed.
      process.env.MEDUSA_BACKEND_URL = financing.backendUrl
      process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY = seed.publishableKey
      process.env.NEXT_PUBLIC_BASE_URL = STOREFRONT
      process.env.NEXT_PUBLIC_FINANCING_PROVIDER_ID = RETAIL_FINANCING_PROVIDER_ID
      actions = jest.requireActual<Actions>("../../examples/nextjs/src/lib/data/financing")
      shared = jest.requireActual<Shared>("../../examples/nextjs/src/lib/financing")
    })

    beforeEach(() => {
      mockCookieJar.clear()
      mockCookieJar.set("_medusa_cart_id", "cart_from_the_starter")
    })

    /** The cart as the starter's checkout reads it (the store's default fields). */
    const storeCart = async (cartId: string) =>
      (await api.get(`/store/carts/${cartId}`, { headers: seed.headers })).data.cart

    const validCart = () => createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 1 }] })

    it("tells eligibility, and the session start's refusal, in the shopper's words with the reasons", async () => {
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
    })

    it("starts the session with return and cancel URLs carrying the cart, and reuses its link until the cart changes", async () => {
      const cart = await validCart()
      const started = await actions.startFinancing(cart.id, "us")
      if (!started.ok) throw new Error(`expected a link, got ${JSON.stringify(started)}`)

      const session = shared.financingSessionOf(await storeCart(cart.id))
      const data = shared.financingDataOf(session)
      expect(data?.link).toBe(started.link)
      const application = await sandboxApplication(financing.sandbox, data!.publicId)
      expect(application.input.redirectUrl).toBe(
        `${STOREFRONT}/us/checkout/financing/return?cart_id=${cart.id}`
      )
      expect(application.input.cancelUrl).toBe(
        `${STOREFRONT}/us/checkout/financing/cancel?cart_id=${cart.id}`
      )

      // Unchanged since the start: the review step's button sends the shopper to the same link.
      expect(shared.reusableFinancingLink(await storeCart(cart.id))).toBe(started.link)

      // A new phone keeps the total, so Medusa keeps the session, with the old phone in its application.
      const updated = await api.post(
        `/store/carts/${cart.id}`,
        { billing_address: { ...CHECKOUT_ADDRESS, phone: "214-555-0199" } },
        { headers: seed.headers }
      )
      expect(updated.status).toBe(200)
      const changed = await storeCart(cart.id)
      expect(shared.financingSessionOf(changed)).toBeDefined()
      expect(shared.reusableFinancingLink(changed)).toBeNull()
    })

    it("on return, says a contract is not signed yet, then completes the cart to the starter's confirmation page", async () => {
      const cart = await validCart()
      const started = await actions.startFinancing(cart.id, "us")
      if (!started.ok) throw new Error(`expected a link, got ${JSON.stringify(started)}`)
      const { publicId } = shared.financingDataOf(shared.financingSessionOf(await storeCart(cart.id)))!

      expect(await actions.completeFinancedCart(cart.id, "us")).toEqual({
        outcome: "not_signed",
        message: "Your application is not signed yet. You can finish it, or choose another way to pay.",
      })
      expect(mockCookieJar.has("_medusa_cart_id")).toBe(true)

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      const redirected = await actions.completeFinancedCart(cart.id, "us").then(
        (outcome) => ({ outcome }),
        (error: { redirectedTo?: string }) => ({ redirectedTo: error.redirectedTo })
      )
      // The service's callback completes the same cart meanwhile; once it is answered, Medusa is done.
      await callbacksSettled(financing.sandbox, publicId)
      const [orderId] = await eventually(async () => {
        const ids = await orderIdsOfCart(getContainer(), cart.id)
        if (ids.length !== 1) throw new Error(`orders of the cart: ${ids.length}`)
        return ids
      })
      expect(redirected).toEqual({ redirectedTo: `/us/order/${orderId}/confirmed` })
      // As the starter's placeOrder: the spent cart's cookie is gone.
      expect(mockCookieJar.has("_medusa_cart_id")).toBe(false)
    })

    it("on the cancel page, says a declined application was not approved", async () => {
      const cart = await validCart()
      const started = await actions.startFinancing(cart.id, "us")
      if (!started.ok) throw new Error(`expected a link, got ${JSON.stringify(started)}`)
      const { publicId } = shared.financingDataOf(shared.financingSessionOf(await storeCart(cart.id)))!

      await moveApplication(financing.sandbox, publicId, "Declined")
      await callbacksSettled(financing.sandbox, publicId)
      await eventually(async () => {
        const outcome = await actions.getFinancingOutcome(cart.id)
        expect(outcome).toEqual({
          outcome: "declined",
          message: "Your application was not approved. Please choose another way to pay.",
        })
      }, 30_000)
    })

    it("shows 'as low as' for a financed amount and nothing outside the store's range", async () => {
      const offer = await actions.getAsLowAs(1299.99)
      expect(offer).toEqual(expect.objectContaining({ amount: "1299.99", monthly_payment: "173.34" }))
      expect(await actions.getAsLowAs(6000)).toBeNull()
      expect(await actions.getAsLowAs(0)).toBeNull()
    })

    it("shows nothing on the page of a product the lender cannot lease, and the offer on another's", async () => {
      const [giftCard, lamp] = await getContainer()
        .resolve(Modules.PRODUCT)
        .createProducts([{ title: "Gift card", is_giftcard: true }, { title: "Brass lamp" }])
      expect(await actions.getAsLowAs(1299.99, giftCard.id)).toBeNull()
      expect(await actions.getAsLowAs(1299.99, lamp.id)).toEqual(
        expect.objectContaining({ amount: "1299.99", monthly_payment: "173.34" })
      )
    })
  },
})
