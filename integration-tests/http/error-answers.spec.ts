import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosResponse } from "axios"

import { FaultProxy } from "../helpers/fault-proxy"
import {
  CHECKOUT_ADDRESS,
  actionsOf,
  eventually,
  RETAIL_FINANCING_PROVIDER_ID,
  createCheckoutCart,
  createPaymentCollection,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"

jest.setTimeout(120_000)

type Answer = { status: number; data: Record<string, unknown> }
const answerOf = (response: AxiosResponse): Answer => ({ status: response.status, data: response.data })
const failureOf = (error: { response?: AxiosResponse }): Answer => {
  if (!error.response) throw error
  return answerOf(error.response)
}

const ONE_ITEM = { items: [{ variantIndex: 0, quantity: 1 }] }
const CREATE = { method: "POST", path: "/v2/applications" }
/** The client's timeout in medusa-config.ts. */
const CLIENT_TIMEOUT_MS = 2_000

const UNAVAILABLE = {
  type: "service_unavailable",
  code: "financing_service_unavailable",
  message: "The financing service is not available right now; try again or choose another way to pay.",
}
const TIMED_OUT = {
  type: "service_timeout",
  code: "financing_service_timeout",
  message: "The financing service did not answer in time; try again or choose another way to pay.",
}

/** Between the plugin and the sandbox (behind the proxy that counts), so the service can misbehave. */
let service: FaultProxy

/*
 * Issue 13: what a caller gets when something expected goes wrong. The shopper's session start when the
 * service fails (503, unreachable, too slow), and the admin's lookups that find nothing: each a clear answer
 * with its own status, never a 500.
 */
financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  beforeBoot: async (financing) => {
    service = await FaultProxy.start(financing.serviceRequests.url)
    process.env.RETAIL_FINANCING_BASE_URL = service.url
  },
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    afterEach(async () => {
      service.clear()
      await setSandboxFaults(financing.sandbox, { latencyMs: 0, errorRate: 0 })
    })
    afterAll(async () => {
      await service.close()
    })

    describe("the shopper's session start when the service fails", () => {
      async function startSession(collectionId: string): Promise<Answer> {
        return api
          .post(
            `/store/payment-collections/${collectionId}/payment-sessions`,
            { provider_id: RETAIL_FINANCING_PROVIDER_ID },
            { headers: seed.headers }
          )
          .then(answerOf, failureOf)
      }

      const sessionsOf = (container: MedusaContainer, collectionId: string) =>
        container.resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: collectionId })

      /** A fresh cart and collection, with a token already held (so only the creation meets the fault). */
      async function freshCheckout() {
        await startFinancedCart(api, seed)
        const cart = await createCheckoutCart(api, seed, ONE_ITEM)
        const collection = await createPaymentCollection(api, seed, cart.id)
        return { cart, collection }
      }

      /** Nothing half-written: no payment session, one ledger row with no public id that says why. */
      async function expectNothingStarted(cartId: string, collectionId: string, why: RegExp) {
        const container = getContainer()
        expect(await sessionsOf(container, collectionId)).toEqual([])
        const rows = await financingLedger(container).listFinancingApplications({ cart_id: cartId })
        expect(rows).toEqual([
          expect.objectContaining({
            public_id: null,
            payment_collection_id: collectionId,
            creation_error: expect.stringMatching(why),
          }),
        ])
      }

      it("a service answering 503 at once: 503, not available right now; trying again later works", async () => {
        const { cart, collection } = await freshCheckout()
        await setSandboxFaults(financing.sandbox, { errorRate: 1 })

        const answer = await startSession(collection.id)

        expect(answer).toEqual({ status: 503, data: UNAVAILABLE })
        await expectNothingStarted(cart.id, collection.id, /503/)

        await setSandboxFaults(financing.sandbox, { errorRate: 0 })
        expect((await startSession(collection.id)).status).toBe(200)
        expect(await sessionsOf(getContainer(), collection.id)).toHaveLength(1)
      })

      it("a connection reset before any answer: 503, not available right now", async () => {
        const { cart, collection } = await freshCheckout()
        const forwardedBefore = service.countForwarded(CREATE)
        service.add({ match: CREATE, fault: { refuse: "reset" } })

        const answer = await startSession(collection.id)

        expect(answer).toEqual({ status: 503, data: UNAVAILABLE })
        // The service never saw it: only the reset was met.
        expect(service.countForwarded(CREATE) - forwardedBefore).toBe(0)
        await expectNothingStarted(cart.id, collection.id, /could not be reached/)
      })

      it("a service no one listens for (a closed port): 503, not available right now", async () => {
        const { cart, collection } = await freshCheckout()
        const port = Number(new URL(service.url).port)
        await service.close()
        try {
          const answer = await startSession(collection.id)

          expect(answer).toEqual({ status: 503, data: UNAVAILABLE })
          await expectNothingStarted(cart.id, collection.id, /ECONNREFUSED|could not be reached/)
        } finally {
          service = await FaultProxy.start(financing.serviceRequests.url, port)
        }
      })

      it("a service slower than the client's timeout: 504, did not answer in time", async () => {
        const { cart, collection } = await freshCheckout()
        service.add({ match: CREATE, fault: { hold: CLIENT_TIMEOUT_MS + 1_500 } })

        const answer = await startSession(collection.id)

        expect(answer).toEqual({ status: 504, data: TIMED_OUT })
        await expectNothingStarted(cart.id, collection.id, /no answer within 2000 ms/)
      })
    })

    describe("the admin's lookups", () => {
      const get = (path: string) => api.get(path, adminHeaders).then(answerOf, failureOf)
      const post = (path: string, body: unknown = {}) =>
        api.post(path, body, adminHeaders).then(answerOf, failureOf)
      const notFound = (message: string) => ({ status: 404, data: { type: "not_found", message } })

      it("a phone no application has is a 404 with a sentence; a known one is found", async () => {
        await startFinancedCart(api, seed)

        const unknown = await get("/admin/retail-financing/phone-status?phone=512-555-0000")
        const known = await get(`/admin/retail-financing/phone-status?phone=${CHECKOUT_ADDRESS.phone}`)

        expect(unknown).toEqual(notFound("The financing service has no application with this phone number."))
        expect(known.status).toBe(200)
        expect(known.data.application).toEqual(expect.objectContaining({ status: "Pending" }))
      })

      it("a lookup the service cannot answer is a 503 in the merchant's words, never a 500", async () => {
        await startFinancedCart(api, seed)
        await setSandboxFaults(financing.sandbox, { errorRate: 1 })

        const byPhone = await get(`/admin/retail-financing/phone-status?phone=${CHECKOUT_ADDRESS.phone}`)
        const reasons = await get("/admin/retail-financing/return-reasons")

        const unavailable = {
          status: 503,
          data: {
            type: "service_unavailable",
            code: "financing_service_unavailable",
            message: "The financing service is not available right now; try again in a few minutes.",
          },
        }
        expect(byPhone).toEqual(unavailable)
        expect(reasons).toEqual(unavailable)
      })

      it("an order, application or action that does not exist is a 404 naming it", async () => {
        const answers = [
          await get("/admin/retail-financing/orders/order_missing"),
          await post("/admin/retail-financing/orders/order_missing/delivery"),
          await post("/admin/retail-financing/orders/order_missing/returns", { return_type: "return" }),
          await post("/admin/retail-financing/actions/rfact_missing/retry"),
          await post("/admin/retail-financing/applications/rfapp_missing/resolve"),
          await post("/admin/retail-financing/applications/rfapp_missing/void"),
        ]

        expect(answers).toEqual([
          notFound("There is no order order_missing."),
          notFound("There is no order order_missing."),
          notFound("There is no order order_missing."),
          notFound("There is no financing action rfact_missing."),
          notFound("There is no financing application rfapp_missing."),
          notFound("There is no financing application rfapp_missing."),
        ])
      })

      it("a retry the service fails is answered with the action's state, and the order's view still loads", async () => {
        const order = await placeFinancedOrder(api, getContainer(), seed, financing)
        const references = await eventually(async () => {
          const action = (await actionsOf(getContainer(), order.orderId)).find(
            (candidate) => candidate.kind === "order_references"
          )
          expect(action?.state).toBe("succeeded")
          return action!
        })
        await financingLedger(getContainer()).updateFinancingActions({ id: references.id, state: "failed" })
        await setSandboxFaults(financing.sandbox, { errorRate: 1 })

        const retried = await post(`/admin/retail-financing/actions/${references.id}/retry`)
        const view = await get(`/admin/retail-financing/orders/${order.orderId}`)

        expect(retried.status).toBe(200)
        expect(retried.data.action).toEqual(
          expect.objectContaining({ id: references.id, state: expect.not.stringMatching(/^succeeded$/) })
        )
        expect(view.status).toBe(200)
      })

      it("a malformed query or body is a 400 naming the rule", async () => {
        const answers = await Promise.all([
          get("/admin/retail-financing/phone-status?phone=abc"),
          get("/admin/retail-financing/phone-status"),
          get("/admin/retail-financing/applications?limit=abc"),
          post("/admin/retail-financing/orders/order_missing/returns", { return_type: "partial" }),
        ])

        expect(answers.map(({ status, data }) => ({ status, message: data.message }))).toEqual([
          { status: 400, message: expect.stringContaining("must be a US phone number like 555-123-4567") },
          { status: 400, message: expect.stringContaining("'phone' is required") },
          { status: 400, message: expect.stringContaining("'limit'") },
          { status: 400, message: expect.stringContaining("is required for a partial return") },
        ])
      })
    })
  },
})
