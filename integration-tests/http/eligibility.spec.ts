import type { AxiosResponse } from "axios"

import {
  CHECKOUT_ADDRESS,
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  createCheckoutCart,
  createPaymentCollection,
  createRegion,
  databaseFingerprint,
  financingIntegrationSuite,
  sandboxApplications,
} from "../helpers"

/*
 * GET /store/retail-financing/eligibility through the real store API, on PostgreSQL, with the sandbox as the
 * service. medusa-config.ts finances 100.00 to 5000.00. The route must apply the very rules the session start
 * applies, so each ineligible cart is also started, and both must give the same reasons.
 */

const ROUTE = "/store/retail-financing/eligibility"

type Reason = { code: string; field: string | null; message: string }

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const storeGet = (url: string, headers: Record<string, string> = seed.headers) =>
      api.get(url, { headers, validateStatus: () => true })
    const storePost = (url: string, body: unknown) =>
      api.post(url, body, { headers: seed.headers, validateStatus: () => true })

    const eligibility = (cartId: string) => storeGet(`${ROUTE}?cart_id=${encodeURIComponent(cartId)}`)

    /** What the session start answers for the cart: its reasons must be the route's. */
    async function startSession(cartId: string): Promise<AxiosResponse> {
      const collection = await createPaymentCollection(api, seed, cartId)
      return storePost(`/store/payment-collections/${collection.id}/payment-sessions`, {
        provider_id: RETAIL_FINANCING_PROVIDER_ID,
      })
    }

    /** Runs `check` and reports whether anything at all reached the service meanwhile. */
    async function withServiceWatch<T>(check: () => Promise<T>) {
      const applicationsBefore = (await sandboxApplications(financing.sandbox)).length
      const requestsBefore = financing.serviceRequests.log.length
      const result = await check()
      return {
        result,
        requests: financing.serviceRequests.log.slice(requestsBefore).length,
        newApplications: (await sandboxApplications(financing.sandbox)).length - applicationsBefore,
      }
    }

    const validCart = () =>
      createCheckoutCart(api, seed, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 1 },
        ],
      })

    /** The route's reasons for the cart, checked to be the session start's reasons too. */
    async function reasonsEverywhere(cartId: string): Promise<Reason[]> {
      const { result, requests, newApplications } = await withServiceWatch(() => eligibility(cartId))
      expect(result.status).toBe(200)
      expect(result.data.eligible).toBe(false)
      expect(requests).toBe(0)
      expect(newApplications).toBe(0)

      const started = await startSession(cartId)
      expect(started.status).toBe(400)
      expect(started.data.reasons).toEqual(result.data.reasons)
      return result.data.reasons
    }

    describe("GET /store/retail-financing/eligibility", () => {
      it("finds an ordinary cart eligible, without asking the service or changing the cart", async () => {
        const cart = await validCart()
        const before = (await storeGet(`/store/carts/${cart.id}`)).data.cart
        const database = await databaseFingerprint(getContainer())

        const { result, requests, newApplications } = await withServiceWatch(() => eligibility(cart.id))
        expect(await databaseFingerprint(getContainer())).toEqual(database)

        expect(result.status).toBe(200)
        expect(result.data).toEqual({ eligible: true, reasons: [] })
        expect(result.headers["cache-control"]).toBe("no-store")
        expect({ requests, newApplications }).toEqual({ requests: 0, newApplications: 0 })
        const after = (await storeGet(`/store/carts/${cart.id}`)).data.cart
        expect(after.updated_at).toBe(before.updated_at)
        expect(after.payment_collection ?? null).toBeNull()

        // Eligible here means the session start accepts it.
        expect((await startSession(cart.id)).status).toBe(200)
      })

      it("refuses a cart over the store's maximum, and one under its minimum, on the total", async () => {
        // Five sofas: $5,999.95 before tax. One pillow: $49.95 + $10 shipping + tax.
        const large = await createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 5 }] })
        const small = await createCheckoutCart(api, seed, { items: [{ variantIndex: 1, quantity: 1 }] })
        const message = "Pay over time is available for orders from $100.00 to $5,000.00."

        expect(await reasonsEverywhere(large.id)).toEqual([
          { code: "total_above_maximum", field: "total", message },
        ])
        expect(await reasonsEverywhere(small.id)).toEqual([
          { code: "total_below_minimum", field: "total", message },
        ])
      })

      it("says the reasons in Spanish for x-medusa-locale es-MX and for ?locale=es, at the route and at the click", async () => {
        const large = await createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 5 }] })
        const spanish = "Pagar a plazos está disponible para pedidos de $100.00 a $5,000.00."
        const expected = [{ code: "total_above_maximum", field: "total", message: spanish }]

        const byHeader = await storeGet(`${ROUTE}?cart_id=${large.id}`, {
          ...seed.headers,
          "x-medusa-locale": "es-MX",
        })
        expect(byHeader.data).toEqual({ eligible: false, reasons: expected })
        const byQuery = await storeGet(`${ROUTE}?cart_id=${large.id}&locale=es`)
        expect(byQuery.data).toEqual({ eligible: false, reasons: expected })
        // Another language, or none, is English; the code and field never change.
        const french = await storeGet(`${ROUTE}?cart_id=${large.id}`, {
          ...seed.headers,
          "x-medusa-locale": "fr-FR",
        })
        expect(french.data.reasons[0]).toMatchObject({ code: "total_above_maximum", field: "total" })
        expect(french.data.reasons[0].message).toMatch(/^Pay over time is available/)

        // The session start's refusal, in the language the storefront's js-sdk sends.
        const collection = await createPaymentCollection(api, seed, large.id)
        const started = await api.post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: RETAIL_FINANCING_PROVIDER_ID },
          { headers: { ...seed.headers, "x-medusa-locale": "es-US" }, validateStatus: () => true }
        )
        expect(started.status).toBe(400)
        expect(started.data).toMatchObject({ code: "total_above_maximum", field: "total", message: spanish })
        expect(started.data.reasons).toEqual(expected)
      })

      it("refuses a UK phone on the billing address's phone", async () => {
        const cart = await createCheckoutCart(api, seed, {
          items: [{ variantIndex: 0, quantity: 1 }],
          address: { phone: "+44 20 7946 0958" },
        })

        expect(await reasonsEverywhere(cart.id)).toEqual([
          {
            code: "phone_not_us_mobile",
            field: "billing_address.phone",
            message: "Enter a US mobile phone number, such as 512-555-0100.",
          },
        ])
      })

      it("refuses a billing address outside the United States", async () => {
        const cart = await validCart()
        const billing = {
          ...CHECKOUT_ADDRESS,
          address_1: "1 Front St W",
          city: "Toronto",
          province: "on",
          postal_code: "M5J 2X5",
          country_code: "ca",
          phone: "416-555-0100",
        }
        expect((await storePost(`/store/carts/${cart.id}`, { billing_address: billing })).status).toBe(200)

        // The country comes first; the province and postal code (Ontario, M5J) follow, as a US address fixes them too.
        const reasons = await reasonsEverywhere(cart.id)
        expect(reasons.map(({ code }) => code)).toEqual(["address_not_us", "state_invalid", "zip_invalid"])
        expect(reasons[0]).toEqual({
          code: "address_not_us",
          field: "billing_address.country_code",
          message: "Enter a billing address in the United States to pay over time.",
        })
      })

      it("refuses a cart in a region that does not offer the provider", async () => {
        const region = await createRegion(getContainer(), {
          name: "Canada (no financing)",
          countries: ["ca"],
          paymentProviders: [SYSTEM_PAYMENT_PROVIDER_ID],
        })
        const created = await storePost("/store/carts", {
          region_id: region.id,
          email: "shopper@retail-financing.test",
          billing_address: CHECKOUT_ADDRESS,
          items: [{ variant_id: seed.variantIds[0], quantity: 1 }],
        })
        expect(created.status).toBe(200)

        expect(await reasonsEverywhere(created.data.cart.id)).toEqual([
          {
            code: "region_not_enabled",
            field: "region_id",
            message: "Pay over time is not available in your region.",
          },
        ])
      })

      it("answers 404 for a cart that does not exist", async () => {
        const response = await eligibility("cart_01NOSUCHCART0000000000000")
        expect(response.status).toBe(404)
        expect(response.data).toEqual(
          expect.objectContaining({ type: "not_found", message: "No cart with this id was found." })
        )
      })

      it("answers 400 naming cart_id when it is missing or empty", async () => {
        const missing = await storeGet(ROUTE)
        expect(missing.status).toBe(400)
        expect(missing.data.message).toMatch(/cart_id/)
        expect(missing.data.message).toMatch(/required/)

        const empty = await storeGet(`${ROUTE}?cart_id=`)
        expect(empty.status).toBe(400)
        expect(empty.data.message).toMatch(/cart_id must be the id of a cart/)
      })

      it("needs the publishable key, like every store route", async () => {
        const cart = await validCart()
        const response = await storeGet(`${ROUTE}?cart_id=${cart.id}`, {})
        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(/publishable/i)
      })
    })
  },
})
