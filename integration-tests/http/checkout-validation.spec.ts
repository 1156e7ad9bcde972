import { Modules } from "@medusajs/framework/utils"
import { isAxiosError } from "axios"

import {
  CHECKOUT_ADDRESS,
  type CheckoutAddress,
  RETAIL_FINANCING_PROVIDER_ID,
  SANDBOX_CREDENTIALS,
  createCheckoutCart,
  createPaymentCollection,
  financingIntegrationSuite,
  sandboxApplication,
  sandboxApplications,
} from "../helpers"

/** medusa-config.ts: the storefront the plugin may send shoppers back to, and its return templates. */
const STOREFRONT = "http://localhost:8000"

type StoreSession = {
  id: string
  amount: number
  data: Record<string, unknown> & { publicId: string; applicationId: string }
}
type Answer = {
  status: number
  data: {
    type?: string
    code?: string
    field?: string | null
    message?: string
    reasons?: { code: string; field: string | null; message: string }[]
    payment_collection: { payment_sessions: StoreSession[] }
  }
}

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    async function storePost(url: string, body: unknown): Promise<Answer> {
      try {
        const response = await api.post(url, body, { headers: seed.headers })
        return { status: response.status, data: response.data }
      } catch (error) {
        if (isAxiosError(error) && error.response) {
          return { status: error.response.status, data: error.response.data }
        }
        throw error
      }
    }

    const startSession = (collectionId: string, data?: Record<string, unknown>) =>
      storePost(`/store/payment-collections/${collectionId}/payment-sessions`, {
        provider_id: RETAIL_FINANCING_PROVIDER_ID,
        ...(data && { data }),
      })

    /** Runs `attempt` and reports whether anything at all reached the service meanwhile. */
    async function withServiceWatch<T>(attempt: () => Promise<T>) {
      const applicationsBefore = (await sandboxApplications(financing.sandbox)).length
      const requestsBefore = financing.serviceRequests.log.length
      const result = await attempt()
      return {
        result,
        requests: financing.serviceRequests.log.slice(requestsBefore),
        newApplications: (await sandboxApplications(financing.sandbox)).length - applicationsBefore,
      }
    }

    /** Sets the cart's shipping and billing address (one address, as the seed cart has). */
    async function setAddress(cartId: string, address: CheckoutAddress) {
      const answer = await storePost(`/store/carts/${cartId}`, {
        shipping_address: address,
        billing_address: address,
      })
      expect(answer.status).toBe(200)
    }

    const validCart = () =>
      createCheckoutCart(api, seed, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 1 },
        ],
      })

    describe("an application only from a cart the service can accept", () => {
      it("refuses each address and phone problem with a sentence, its field and its code, and sends nothing", async () => {
        const cart = await validCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        const PHONE = "Enter a US mobile phone number, such as 512-555-0100."
        const cases: {
          rule: string
          address: Partial<CheckoutAddress>
          code: string
          field: string
          message: string
        }[] = [
          {
            rule: "missing phone",
            address: { phone: "" },
            code: "phone_missing",
            field: "billing_address.phone",
            message: PHONE,
          },
          {
            rule: "non-US phone",
            address: { phone: "+44 20 7946 0958" },
            code: "phone_not_us_mobile",
            field: "billing_address.phone",
            message: PHONE,
          },
          {
            rule: "PO box",
            address: { address_1: "P.O. Box 1234" },
            code: "po_box",
            field: "billing_address.address_1",
            message: "Enter a street address: a PO box cannot be used to pay over time.",
          },
          {
            rule: "too-long street",
            address: { address_1: "12345 Extraordinarily Long Boulevard Name Way" },
            code: "street_too_long",
            field: "billing_address.address_1",
            message:
              "Shorten the street address to 40 characters or fewer; an apartment or suite goes on the second line.",
          },
        ]

        const outcomes = []
        for (const { rule, address } of cases) {
          await setAddress(cart.id, { ...CHECKOUT_ADDRESS, ...address })
          const { result, requests, newApplications } = await withServiceWatch(() =>
            startSession(collection.id)
          )
          outcomes.push({
            rule,
            status: result.status,
            body: result.data,
            requests: requests.length,
            newApplications,
          })
        }
        expect(outcomes).toEqual(
          cases.map(({ rule, code, field, message }) => ({
            rule,
            status: 400,
            // The sentence is the shopper's; the field and the code are separate keys, and in `reasons`.
            body: { type: "invalid_data", code, field, message, reasons: [{ code, field, message }] },
            requests: 0,
            newApplications: 0,
          }))
        )

        // The same cart with its address fixed is accepted: the refusals were about the address alone.
        await setAddress(cart.id, CHECKOUT_ADDRESS)
        const fixed = await withServiceWatch(() => startSession(collection.id))
        expect(fixed.result.status).toBe(200)
        expect(fixed.newApplications).toBe(1)
      })

      it("refuses a billing address outside the United States", async () => {
        const cart = await validCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        // Shipping stays in the US region; the applicant's home (the billing address) is in Canada.
        const billing = {
          ...CHECKOUT_ADDRESS,
          address_1: "1 Front St W",
          city: "Toronto",
          province: "on",
          postal_code: "M5J 2X5",
          country_code: "ca",
          phone: "416-555-0100",
        }
        const updated = await storePost(`/store/carts/${cart.id}`, { billing_address: billing })
        expect(updated.status).toBe(200)

        const { result, requests, newApplications } = await withServiceWatch(() =>
          startSession(collection.id)
        )
        expect(result.status).toBe(400)
        expect(result.data).toEqual(
          expect.objectContaining({
            type: "invalid_data",
            code: "address_not_us",
            field: "billing_address.country_code",
          })
        )
        expect(result.data.message).toMatch(
          /^Enter a billing address in the United States to pay over time\. /
        )
        expect(result.data.reasons?.[0]).toEqual({
          code: "address_not_us",
          field: "billing_address.country_code",
          message: "Enter a billing address in the United States to pay over time.",
        })
        expect(requests).toEqual([])
        expect(newApplications).toBe(0)
      })

      it("refuses a cart total outside the store's financing range (min 100, max 5000)", async () => {
        // One pillow: $49.95 + $10 shipping + tax, under $100.
        const small = await createCheckoutCart(api, seed, { items: [{ variantIndex: 1, quantity: 1 }] })
        // Five sofas: $5,999.95 before tax, over $5,000.
        const large = await createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 5 }] })
        expect(small.total).toBeLessThan(100)
        expect(large.total).toBeGreaterThan(5000)

        for (const cart of [small, large]) {
          const collection = await createPaymentCollection(api, seed, cart.id)
          const { result, requests, newApplications } = await withServiceWatch(() =>
            startSession(collection.id)
          )
          const code = cart === small ? "total_below_minimum" : "total_above_maximum"
          const message = "Pay over time is available for orders from $100.00 to $5,000.00."
          expect({ total: cart.total, status: result.status, body: result.data }).toEqual({
            total: cart.total,
            status: 400,
            body: {
              type: "invalid_data",
              code,
              field: "total",
              message,
              reasons: [{ code, field: "total", message }],
            },
          })
          expect(requests).toEqual([])
          expect(newApplications).toBe(0)
        }
      })

      it("ignores what the browser sends in data, except a return URL on an allowed origin", async () => {
        const cart = await validCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        const fake = {
          products: [{ description: "Free TV", quantity: 1, value: 0.01 }],
          amount: 1,
          total: 1,
          firstName: "Mallory",
          lastName: "Forger",
          mobilePhone: "555-555-5555",
          storeCode: "OTHER",
          redirectUrl: "https://evil.example/steal",
          cancelUrl: "https://evil.example/steal",
          referenceNumber: "ref-of-someone-else",
          sealed_application: { prepared: { totalCents: 1 }, seal: "forged" },
        }

        // A return or cancel URL on any other origin is refused, and nothing is sent.
        const foreign = [
          { return_url: "https://evil.example/checkout/return" },
          { return_url: `${STOREFRONT}.evil.example/return` },
          { return_url: "javascript:alert(document.cookie)" },
          { return_url: "/checkout/return" },
          { return_url: 42 },
          { cancel_url: "https://evil.example/checkout/cancel" },
        ]
        for (const urls of foreign) {
          const field = Object.keys(urls)[0]
          const { result, requests, newApplications } = await withServiceWatch(() =>
            startSession(collection.id, { ...fake, ...urls })
          )
          expect({
            urls,
            status: result.status,
            names: result.data.message?.includes(`data.${field}`),
          }).toEqual({ urls, status: 400, names: true })
          expect(requests).toEqual([])
          expect(newApplications).toBe(0)
        }

        // On the storefront's origin it is used; everything else comes from the cart.
        const returnUrl = `${STOREFRONT}/checkout/financing/return?cart=${cart.id}&step=review`
        const { result, newApplications } = await withServiceWatch(() =>
          startSession(collection.id, { ...fake, return_url: returnUrl })
        )
        expect(result.status).toBe(200)
        expect(newApplications).toBe(1)
        const session = result.data.payment_collection.payment_sessions[0]
        expect(Number(session.amount)).toBeCloseTo(cart.total, 2)
        for (const key of Object.keys(fake)) {
          if (key !== "sealed_application") expect({ key, value: session.data[key] }).toEqual({ key })
        }
        expect(session.data.sealed_application).toBeNull()

        const application = await sandboxApplication(financing.sandbox, session.data.publicId)
        expect(application.input).toEqual(
          expect.objectContaining({
            storeCode: SANDBOX_CREDENTIALS.storeCode,
            firstName: CHECKOUT_ADDRESS.first_name,
            lastName: CHECKOUT_ADDRESS.last_name,
            mobilePhone: CHECKOUT_ADDRESS.phone,
            referenceNumber: session.data.applicationId,
            redirectUrl: returnUrl,
            cancelUrl: `${STOREFRONT}/checkout/financing/${cart.id}/cancel`,
          })
        )
        const descriptions = application.input.products.map(({ description }) => description)
        expect(descriptions).not.toContain("Free TV")
        const linesCents = application.input.products.reduce(
          (sum, line) => sum + Math.round(line.value * 100),
          0
        )
        expect(linesCents).toBe(Math.round(cart.total * 100))
      })

      it("without a return URL, the configured templates are used with the cart id", async () => {
        const cart = await validCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        const { result } = await withServiceWatch(() => startSession(collection.id))
        expect(result.status).toBe(200)
        const application = await sandboxApplication(
          financing.sandbox,
          result.data.payment_collection.payment_sessions[0].data.publicId
        )
        expect(application.input.redirectUrl).toBe(`${STOREFRONT}/checkout/financing/${cart.id}/return`)
        expect(application.input.cancelUrl).toBe(`${STOREFRONT}/checkout/financing/${cart.id}/cancel`)
      })

      it("refuses a session started around the store route, whatever data it carries", async () => {
        const container = getContainer()
        const payments = container.resolve(Modules.PAYMENT)
        const cart = await validCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        const attempts: Record<string, unknown>[] = [
          {
            firstName: "Mallory",
            products: [{ description: "Free TV", quantity: 1, value: cart.total }],
            amount: cart.total,
          },
          {
            // A seal the store server did not make.
            sealed_application: {
              prepared: {
                application: { storeCode: SANDBOX_CREDENTIALS.storeCode, firstName: "Mallory" },
                cartId: cart.id,
                paymentCollectionId: collection.id,
                totalCents: Math.round(cart.total * 100),
                preparedAt: new Date().toISOString(),
              },
              seal: "bm90IGEgc2VhbA",
            },
          },
          {},
        ]

        for (const data of attempts) {
          const { result, requests, newApplications } = await withServiceWatch(async () => {
            try {
              await payments.createPaymentSession(collection.id, {
                provider_id: RETAIL_FINANCING_PROVIDER_ID,
                currency_code: "usd",
                amount: cart.total,
                data,
              })
              return "created"
            } catch (error) {
              return error instanceof Error ? error.message : String(error)
            }
          })
          expect(result).toMatch(/can only be started through the store API/)
          expect(requests).toEqual([])
          expect(newApplications).toBe(0)
        }
        const sessions = await payments.listPaymentSessions({ payment_collection_id: collection.id })
        expect(sessions).toEqual([])
      })
    })
  },
})
