import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { isAxiosError } from "axios"

import { callbackUrlFor } from "../../src/domain/checkout/proofs"
import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  CHECKOUT_ADDRESS,
  RETAIL_FINANCING_PROVIDER_ID,
  callbacksSettled,
  createCheckoutCart,
  createPaymentCollection,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  paymentsOfSession,
  postCallback,
  sandboxApplication,
  sandboxApplications,
  sessionById,
  setSandboxFaults,
  startFinancedCart,
  TWO_ITEMS_WITH_PROMOTION,
} from "../helpers"

jest.setTimeout(120_000)

/** The shopper of these carts: every detail unusual enough that finding it anywhere means it leaked. */
const SHOPPER = {
  email: "quinta.vasquez-leak@retail-financing.test",
  address: {
    first_name: "Quinta",
    last_name: "Vasquezleak",
    address_1: "4417 Wisteria Hollow",
    city: "Nacogdoches",
    postal_code: "75961",
    phone: "936-555-0142",
  },
}

/** What must never be readable outside the service: the shopper's details and what they bought. */
const PERSONAL = [
  SHOPPER.email,
  SHOPPER.address.first_name,
  SHOPPER.address.last_name,
  SHOPPER.address.address_1,
  SHOPPER.address.city,
  SHOPPER.address.postal_code,
  SHOPPER.address.phone,
  SHOPPER.address.phone.replace(/-/g, ""),
  // The seeded products' titles: the application's lines.
  "Sectional sofa",
  "Throw pillow",
]

const personalIn = (value: unknown): string[] => {
  const text = JSON.stringify(value).toLowerCase()
  return PERSONAL.filter((detail) => text.includes(detail.toLowerCase()))
}

type StoreSession = { id: string; provider_id: string; data: Record<string, unknown> }
type Answer = { status: number; data: Record<string, unknown> }

financingIntegrationSuite({
  seed: "checkout",
  // Only callbacks and the tests themselves may act: a reconciliation run at a five-minute mark would too.
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    afterEach(async () => {
      // The sandbox outlives each test (the database does not): leave it fast, reliable and delivering.
      await setSandboxFaults(financing.sandbox, { latencyMs: 0, errorRate: 0, dropCallbackRate: 0 })
    })

    const shopperCart = () =>
      createCheckoutCart(api, seed, {
        ...TWO_ITEMS_WITH_PROMOTION,
        email: SHOPPER.email,
        address: SHOPPER.address,
      })

    async function startSession(collectionId: string): Promise<Answer> {
      try {
        const response = await api.post(
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id: RETAIL_FINANCING_PROVIDER_ID },
          { headers: seed.headers }
        )
        return { status: response.status, data: response.data as Record<string, unknown> }
      } catch (error) {
        if (isAxiosError(error) && error.response) {
          return { status: error.response.status, data: error.response.data as Record<string, unknown> }
        }
        throw error
      }
    }

    /** The cart's payment sessions as the store API shows them to the browser. */
    async function storeSessions(cartId: string): Promise<StoreSession[]> {
      const { data } = await api.get(`/store/carts/${cartId}`, { headers: seed.headers })
      return (data.cart.payment_collection?.payment_sessions ?? []) as StoreSession[]
    }

    const liveSessions = (container: MedusaContainer, collectionId: string) =>
      container.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: collectionId })

    /** The cart's ledger applications, oldest first. */
    const ledgerOfCart = (container: MedusaContainer, cartId: string) =>
      financingLedger(container).listFinancingApplications(
        { cart_id: cartId },
        { order: { created_at: "ASC" } }
      )

    /** Every column of the cart's ledger rows, as PostgreSQL holds them. */
    async function ledgerRowsOfCart(container: MedusaContainer, cartId: string) {
      const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = (await knex.raw(`select * from retail_financing_application where cart_id = ?`, [
        cartId,
      ])) as { rows: Record<string, unknown>[] }
      return rows
    }

    describe("creating an application", () => {
      it("is known to the ledger from its creation, as fingerprints: nothing of the shopper's is stored", async () => {
        const container = getContainer()
        const cart = await shopperCart()
        const collection = await createPaymentCollection(api, seed, cart.id)

        const answer = await startSession(collection.id)

        expect(answer.status).toBe(200)
        const [session] = await liveSessions(container, collection.id)
        const applicationId = session.data?.applicationId as string
        const publicId = session.data?.publicId as string
        expect(applicationId).toMatch(/^rfapp_/)
        const [application, ...others] = await ledgerOfCart(container, cart.id)
        expect(others).toHaveLength(0)
        expect(application).toEqual(
          expect.objectContaining({
            id: applicationId,
            public_id: publicId,
            payment_collection_id: collection.id,
            cart_id: cart.id,
            order_id: null,
            status: "Pending",
            creation_error: null,
            superseded_by_id: null,
            cart_fingerprint: expect.stringMatching(/^v2\.[A-Za-z0-9_-]{43}$/),
            customer_fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          })
        )
        expect(Number(application.amount)).toBeCloseTo(cart.total, 2)
        expect(application.cart_fingerprint).not.toBe(application.customer_fingerprint)

        // The service got the application under the ledger id: reference number and callback key.
        const atService = await sandboxApplication(financing.sandbox, publicId)
        expect(atService.input.referenceNumber).toBe(applicationId)
        expect(atService.callbackUrl).toContain(`/hooks/retail-financing/${applicationId}/`)
        expect(atService.input.lastName).toBe(SHOPPER.address.last_name)

        // No column of the row holds a detail of the shopper's or a line of the cart.
        const rows = await ledgerRowsOfCart(container, cart.id)
        expect(rows).toHaveLength(1)
        expect(personalIn(rows)).toEqual([])
        // The check can see them where they are: in the service's copy.
        expect(personalIn(atService.input)).toEqual(
          expect.arrayContaining([
            SHOPPER.email,
            SHOPPER.address.last_name,
            SHOPPER.address.address_1,
            "Sectional sofa",
          ])
        )
      })

      it("gives the same fingerprints for what was financed alike, and tells the items from the customer", async () => {
        const container = getContainer()
        const fingerprintsOf = async (cart: { id: string }) => {
          const collection = await createPaymentCollection(api, seed, cart.id)
          expect((await startSession(collection.id)).status).toBe(200)
          const [application] = await ledgerOfCart(container, cart.id)
          return { cart: application.cart_fingerprint, customer: application.customer_fingerprint }
        }

        const first = await fingerprintsOf(await shopperCart())
        const same = await fingerprintsOf(await shopperCart())
        const otherShopper = await fingerprintsOf(
          await createCheckoutCart(api, seed, { ...TWO_ITEMS_WITH_PROMOTION, address: CHECKOUT_ADDRESS })
        )
        const otherItems = await fingerprintsOf(
          await createCheckoutCart(api, seed, {
            items: [{ variantIndex: 0, quantity: 2 }],
            email: SHOPPER.email,
            address: SHOPPER.address,
          })
        )

        expect(same).toEqual(first)
        expect(otherShopper.cart).toBe(first.cart)
        expect(otherShopper.customer).not.toBe(first.customer)
        expect(otherItems.cart).not.toBe(first.cart)
        expect(otherItems.customer).toBe(first.customer)
      })

      it("never shows the shopper's details in the cart's payment sessions, even while a slow service creates it", async () => {
        const cart = await shopperCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        // Each service answer takes 1.2 s (under the client timeout of 2 s in medusa-config.ts).
        await setSandboxFaults(financing.sandbox, { latencyMs: 1_200 })

        // The storefront polls the cart while the session is being started (as a second tab would).
        let creating = true
        const startedAt = Date.now()
        const started = startSession(collection.id).finally(() => {
          creating = false
        })
        const seenWhileCreating: StoreSession[][] = []
        while (creating) {
          seenWhileCreating.push(await storeSessions(cart.id))
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        const answer = await started
        const tookMs = Date.now() - startedAt

        expect(answer.status).toBe(200)
        // The polls overlapped the slow creation: the check had the time to see a leak.
        expect(tookMs).toBeGreaterThanOrEqual(1_200)
        expect(seenWhileCreating.length).toBeGreaterThanOrEqual(3)
        expect(personalIn(seenWhileCreating)).toEqual([])

        const after = await storeSessions(cart.id)
        expect(after).toHaveLength(1)
        expect(personalIn(after)).toEqual([])
        expect(Object.keys(after[0].data).sort()).toEqual(
          [
            "amountCents",
            "applicationId",
            "applicationStatus",
            "cartId",
            "createdDate",
            "link",
            "publicId",
            "sealed_application",
          ].sort()
        )
        expect(after[0].data.sealed_application).toBeNull()
      })

      it("four concurrent starts for one cart leave one live session; only the newest application's signature makes the order", async () => {
        const container = getContainer()
        const cart = await shopperCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        const createsBefore = financing.serviceRequests.count("POST", "/v2/applications")

        const answers = await Promise.all(Array.from({ length: 4 }, () => startSession(collection.id)))

        expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200])
        expect(financing.serviceRequests.count("POST", "/v2/applications") - createsBefore).toBe(4)
        const live = await liveSessions(container, collection.id)
        expect(live.map((session) => session.provider_id)).toEqual([RETAIL_FINANCING_PROVIDER_ID])
        const [session] = live

        // The ledger: four applications, each older one superseded by the next, the newest by none; the
        // live session holds the newest.
        const applications = await ledgerOfCart(container, cart.id)
        expect(applications).toHaveLength(4)
        expect(applications.every((application) => application.public_id)).toBe(true)
        const newest = applications.filter((application) => !application.superseded_by_id)
        expect(newest.map(({ id }) => id)).toEqual([session.data?.applicationId])
        expect(newest[0].public_id).toBe(session.data?.publicId)
        const byId = new Map(applications.map((application) => [application.id, application]))
        for (const older of applications.filter((application) => application.superseded_by_id)) {
          let last = older
          while (last.superseded_by_id) last = byId.get(last.superseded_by_id)!
          expect({ older: older.id, supersededAt: Boolean(older.superseded_at), endsAt: last.id }).toEqual({
            older: older.id,
            supersededAt: true,
            endsAt: newest[0].id,
          })
        }

        // Signing the newest gives one order, its payment authorized.
        await moveApplication(financing.sandbox, newest[0].public_id!, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, newest[0].public_id!, 2)
        const orderIds = await orderIdsOfCart(container, cart.id)
        expect(orderIds).toHaveLength(1)
        const payments = await paymentsOfSession(container, session.id)
        expect(payments).toHaveLength(1)
        expect((await sessionById(container, session.id)).status).toBe("authorized")
        // Its callback found the session through the ledger and linked it there.
        expect(
          (await financingLedger(container).retrieveFinancingApplication(newest[0].id)).payment_session_id
        ).toBe(session.id)

        // Signing a superseded one as well never gives a second order: not by its callback, not by
        // reconciliation.
        const superseded = applications.find((application) => application.superseded_by_id)!
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        await moveApplication(financing.sandbox, superseded.public_id!, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, superseded.public_id!, 2)
        const { callbackUrl } = await sandboxApplication(financing.sandbox, superseded.public_id!)
        await postCallback(callbackUrl!, {
          publicId: superseded.public_id,
          status: "SignedWaitingForInvoice",
        })
        await reconcileFinancingApplications(container)

        expect(await orderIdsOfCart(container, cart.id)).toEqual(orderIds)
        expect(await orderCount(container)).toBe(1)
        expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
      })

      it("a callback keyed by a payment session id, as applications made before this version have, still works", async () => {
        const container = getContainer()
        const { cart, session, publicId } = await startFinancedCart(api, seed)
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, publicId, 2)
        const { backendUrl, callbackSecret } = financingLedger(container).getOptions()

        const answer = await postCallback(callbackUrlFor(backendUrl, callbackSecret, session.id), {
          publicId,
        })

        expect(answer).toEqual({ status: 200, body: { received: true, action: "authorize" } })
        expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
        expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
      })

      it("a creation the service fails is kept in the ledger with why; the shopper is told to try again, and can", async () => {
        const container = getContainer()
        const cart = await shopperCart()
        const collection = await createPaymentCollection(api, seed, cart.id)
        expect((await startSession(collection.id)).status).toBe(200)
        const [first] = await ledgerOfCart(container, cart.id)
        const applicationsBefore = (await sandboxApplications(financing.sandbox)).length

        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        const failed = await startSession(collection.id)

        // A 503 answered at once is an outage, not a timeout (error-answers.spec.ts has each failure).
        expect(failed.status).toBe(503)
        expect(failed.data.message).toBe(
          "The financing service is not available right now; try again or choose another way to pay."
        )
        const [, failedApplication] = await ledgerOfCart(container, cart.id)
        expect(failedApplication).toEqual(
          expect.objectContaining({
            public_id: null,
            payment_collection_id: collection.id,
            creation_error: expect.stringContaining("503"),
            cart_fingerprint: first.cart_fingerprint,
            customer_fingerprint: first.customer_fingerprint,
          })
        )
        expect(personalIn(await ledgerRowsOfCart(container, cart.id))).toEqual([])
        // Had the service made it after all, its callback names a row with no public id to read: 410, not 500.
        const { backendUrl, callbackSecret } = financingLedger(container).getOptions()
        const orphan = await postCallback(
          callbackUrlFor(backendUrl, callbackSecret, failedApplication.id),
          {}
        )
        expect(orphan.status).toBe(410)
        // Nothing changed for the session already there: Medusa was never asked, nothing was superseded.
        const [stillLive, ...none] = await liveSessions(container, collection.id)
        expect(none).toHaveLength(0)
        expect(stillLive.data?.applicationId).toBe(first.id)
        expect(
          (await financingLedger(container).retrieveFinancingApplication(first.id)).superseded_by_id
        ).toBeNull()

        // The service is back: trying again works at once (the failed start gave the lock back).
        await setSandboxFaults(financing.sandbox, { errorRate: 0 })
        const retried = await startSession(collection.id)
        expect(retried.status).toBe(200)
        const [live] = await liveSessions(container, collection.id)
        const applications = await ledgerOfCart(container, cart.id)
        expect(applications).toHaveLength(3)
        expect(live.data?.applicationId).toBe(applications[2].id)
        expect(applications[0].superseded_by_id).toBe(applications[2].id)
        // The sandbox never created the failed one (it answered 503 before doing anything).
        expect((await sandboxApplications(financing.sandbox)).length - applicationsBefore).toBe(1)
      })
    })
  },
})
