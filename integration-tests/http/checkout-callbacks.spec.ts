import { randomBytes } from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"

import { callbackProof } from "../../src/domain/checkout/proofs"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../src/modules/retail-financing"
import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import { settleCartCompletion } from "../../src/workflows/checkout/utils/interrupted-completion"
import { resolveFinancingApplication } from "../../src/workflows/checkout/utils/resolve-financing-application"
import { syncFinancingApplicationWorkflow } from "../../src/workflows/checkout/workflows/sync-financing-application"
import type { ApplicationStatus, ApplicationStatusValue } from "../../src/lib/financing/schemas"
import {
  callbackBody,
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  databaseFingerprint,
  financingIntegrationSuite,
  inBatches,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  paymentsOfSession,
  postCallback,
  sandboxApplication,
  sessionById,
  setSandboxFaults,
  startFinancedCart,
  TWO_ITEMS_WITH_PROMOTION,
} from "../helpers"

const STATUS_READ = /^\/v2\/applications\/[^/]+\/status$/

/** Runs of Medusa's completeCartWorkflow for a cart, from the executions it stores (it keeps them 3 days). */
async function completeCartRuns(container: MedusaContainer, cartId: string): Promise<number> {
  const rows = await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)("workflow_execution")
    .where({ workflow_id: completeCartWorkflowId })
    .whereRaw("context -> 'data' -> 'payload' ->> 'id' = ?", [cartId])
    .count({ runs: "*" })
  return Number(rows[0].runs)
}

/** One session's application synced with a status handed in, as reconciliation hands in a listed one. */
async function syncFinancingSession(container: MedusaContainer, sessionId: string, known: ApplicationStatus) {
  const applicationId = await resolveFinancingApplication(container, sessionId)
  if (!applicationId) throw new Error(`the ledger knows no application of session ${sessionId}`)
  const { result } = await syncFinancingApplicationWorkflow(container).run({
    input: { application_id: applicationId, known_application: known },
  })
  return result
}

financingIntegrationSuite({
  seed: "checkout",
  // Only callbacks may act in these tests: a reconciliation run at a five-minute mark would too.
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    afterEach(async () => {
      // The sandbox outlives each test (the database does not): leave it delivering callbacks.
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0, errorRate: 0 })
    })

    const storeHeaders = () => ({ headers: { "x-publishable-api-key": seed.publishableKey } })

    /** A cart with two items, shipping, a promotion and tax, and a financing session started on it. */
    async function financedCart() {
      const started = await startFinancedCart(api, seed, TWO_ITEMS_WITH_PROMOTION)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, started.publicId)
      if (!callbackUrl) throw new Error(`application ${started.publicId} has no callback URL`)
      return { ...started, callbackUrl }
    }

    async function completeCart(cartId: string) {
      return api
        .post(`/store/carts/${cartId}/complete`, {}, storeHeaders())
        .catch((error: { response?: { status: number; data: unknown } }) => {
          if (!error.response) throw error
          return { status: error.response.status, data: error.response.data as Record<string, unknown> }
        })
    }

    async function captureTransactions(orderId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["transactions.reference", "transactions.amount"],
        filters: { id: orderId },
      })
      const transactions = (data[0]?.transactions ?? []) as { reference: string; amount: number }[]
      return transactions.filter((transaction) => transaction.reference === "capture")
    }

    describe("status callbacks", () => {
      it("the shopper never comes back: signing alone gives one order, its payment authorized", async () => {
        const container = getContainer()
        const createsBefore = financing.serviceRequests.count("POST", "/v2/applications")
        const { cart, session, publicId } = await financedCart()
        expect(session.status).toBe("pending")

        // Pending → Approved → SignedWaitingForInvoice: two callbacks, and nobody calls /complete.
        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        const application = await callbacksSettled(financing.sandbox, publicId, 2)
        expect(application.callbacks.map(({ status, delivered }) => ({ status, delivered }))).toEqual([
          { status: "Approved", delivered: true },
          { status: "SignedWaitingForInvoice", delivered: true },
        ])

        const orderIds = await orderIdsOfCart(container, cart.id)
        expect(orderIds).toHaveLength(1)
        expect(await orderCount(container)).toBe(1)

        const [payment, ...others] = await paymentsOfSession(container, session.id)
        expect(others).toHaveLength(0)
        expect(payment.provider_id).toBe(RETAIL_FINANCING_PROVIDER_ID)
        expect(Number(payment.amount)).toBeCloseTo(cart.total, 2)
        expect(payment.captured_at).toBeFalsy()
        expect(payment.captures ?? []).toHaveLength(0)
        const stored = await sessionById(container, session.id)
        expect(stored.status).toBe("authorized")
        expect(stored.authorized_at).toBeTruthy()

        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: orders } = await query.graph({
          entity: "order",
          fields: ["id", "total", "payment_collections.status", "payment_collections.amount"],
          filters: { id: orderIds[0] },
        })
        expect(Number(orders[0].total)).toBeCloseTo(cart.total, 2)
        expect(
          orders[0].payment_collections.map((collection: { status: string } | null) => collection?.status)
        ).toEqual(["authorized"])

        // One application was created at the service for this checkout, and only one.
        expect(financing.serviceRequests.count("POST", "/v2/applications") - createsBefore).toBe(1)
      })

      it("Funded captures the payment exactly once, whatever repeats it", async () => {
        const container = getContainer()
        const { cart, session, publicId, callbackUrl } = await financedCart()

        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, publicId, 2)
        const [orderId] = await orderIdsOfCart(container, cart.id)
        expect(orderId).toBeDefined()

        // SignedWaitingForInvoice → SignedWaitingForInvoiceApproval → Signed → Funded.
        await moveApplication(financing.sandbox, publicId, "Funded")
        await callbacksSettled(financing.sandbox, publicId, 5)

        const [payment] = await paymentsOfSession(container, session.id)
        expect(payment.captured_at).toBeTruthy()
        expect(payment.captures).toHaveLength(1)
        expect(Number(payment.captures![0].amount)).toBeCloseTo(cart.total, 2)
        expect(await captureTransactions(orderId)).toHaveLength(1)
        const capturedAt = new Date(payment.captured_at!).toISOString()

        // The service repeats Funded, ten times at once, and reconciliation runs: nothing is captured again.
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => postCallback(callbackUrl, callbackBody(publicId, "Funded")))
        )
        expect(answers.map(({ status }) => status)).toEqual(Array(10).fill(200))
        expect(answers.map(({ body }) => body.action)).toEqual(Array(10).fill("none"))
        const report = await reconcileFinancingApplications(container)
        expect(report.synced).toBe(0)
        expect(report.failed).toBe(0)

        const [after, ...others] = await paymentsOfSession(container, session.id)
        expect(others).toHaveLength(0)
        expect(after.captures).toHaveLength(1)
        expect(new Date(after.captured_at!).toISOString()).toBe(capturedAt)
        expect(await captureTransactions(orderId)).toHaveLength(1)
        expect(await orderIdsOfCart(container, cart.id)).toEqual([orderId])
      })

      it("a decline marks the session error, and the shopper then pays another way: one order", async () => {
        const container = getContainer()
        const { cart, collection, session, publicId } = await financedCart()

        await moveApplication(financing.sandbox, publicId, "Declined")
        await callbacksSettled(financing.sandbox, publicId, 1)

        const declined = await sessionById(container, session.id)
        expect(declined.status).toBe("error")
        expect(declined.data).toEqual(expect.objectContaining({ publicId, applicationStatus: "Declined" }))
        expect(await orderIdsOfCart(container, cart.id)).toEqual([])
        expect(await paymentsOfSession(container, session.id)).toEqual([])

        // Completing the cart with the declined session gives no order.
        const refused = await completeCart(cart.id)
        expect(refused.data.type).not.toBe("order")
        expect(await orderCount(container)).toBe(0)

        // The storefront offers the system provider instead, on the same payment collection.
        const switched = await api.post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
          storeHeaders()
        )
        expect(
          switched.data.payment_collection.payment_sessions.map(
            ({ provider_id }: { provider_id: string }) => provider_id
          )
        ).toEqual([SYSTEM_PAYMENT_PROVIDER_ID])
        const completed = await completeCart(cart.id)
        expect(completed.data.type).toBe("order")
        expect(await orderIdsOfCart(container, cart.id)).toEqual([completed.data.order.id])
        expect(await orderCount(container)).toBe(1)
      })

      it("an expired application marks the session canceled, and another provider completes the cart", async () => {
        const container = getContainer()
        const { cart, collection, session, publicId } = await financedCart()

        await moveApplication(financing.sandbox, publicId, "Expired")
        await callbacksSettled(financing.sandbox, publicId, 1)

        const expired = await sessionById(container, session.id)
        expect(expired.status).toBe("canceled")
        expect(expired.data).toEqual(expect.objectContaining({ applicationStatus: "Expired" }))
        expect(await orderIdsOfCart(container, cart.id)).toEqual([])

        await api.post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
          storeHeaders()
        )
        const completed = await completeCart(cart.id)
        expect(completed.data.type).toBe("order")
        expect(await orderCount(container)).toBe(1)
      })

      it("100 duplicate callbacks give one order; 20 forged ones are refused and change nothing", async () => {
        const container = getContainer()
        const target = await financedCart()
        const other = await financedCart()

        // The service's own callbacks are lost, so only the ones this test sends reach Medusa.
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        await moveApplication(financing.sandbox, target.publicId, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, target.publicId, 2)
        expect(await orderCount(container)).toBe(0)

        const url = new URL(target.callbackUrl)
        const base = `${url.origin}/hooks/retail-financing`
        // The URL's key is the ledger's id of the application (forged keys below are named as sessions were).
        const [sessionId, proof] = url.pathname.split("/").slice(-2)
        expect(sessionId).toBe(target.session.data.applicationId)
        const otherProof = new URL(other.callbackUrl).pathname.split("/").pop()!
        const flip = (text: string, at: number) =>
          `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`

        const forgedUrls = [
          // Wrong proofs for the right session.
          `${base}/${sessionId}/${randomBytes(32).toString("base64url")}`,
          `${base}/${sessionId}/${flip(proof, 0)}`,
          `${base}/${sessionId}/${flip(proof, proof.length - 1)}`,
          `${base}/${sessionId}/${proof}A`,
          `${base}/${sessionId}/${proof.slice(0, -1)}`,
          // Another session's proof, and this session's proof made with another secret.
          `${base}/${sessionId}/${otherProof}`,
          `${base}/${sessionId}/${otherProof}=`,
          `${base}/${sessionId}/${otherProof.toLowerCase()}`,
          `${base}/${other.session.id}/${proof}`,
          `${base}/${sessionId}/${callbackProof("a-secret-that-is-not-the-store-one", sessionId)}`,
          // Made-up session ids, with a real proof and a made-up one.
          `${base}/payses_01MADEUP0000000000000000/${proof}`,
          `${base}/payses_01MADEUP0000000000000001/${otherProof}`,
          `${base}/payses_${randomBytes(12).toString("hex")}/${randomBytes(32).toString("base64url")}`,
          `${base}/${randomBytes(8).toString("hex")}/${proof}`,
          `${base}/${encodeURIComponent("../../store/carts")}/${proof}`,
          // The right proof on an altered session id.
          `${base}/${flip(sessionId, sessionId.length - 1)}/${proof}`,
          `${base}/${sessionId.toLowerCase()}/${proof}`,
          `${base}/${sessionId}0/${proof}`,
          `${base}/${sessionId.slice(0, -1)}/${proof}`,
          `${base}/${sessionId}%20/${proof}`,
        ]
        expect(forgedUrls).toHaveLength(20)
        expect(new Set(forgedUrls).size).toBe(20)

        const before = await databaseFingerprint(container)
        const requestsBefore = financing.serviceRequests.log.length
        const forged = await Promise.all(
          forgedUrls.map((forgedUrl, index) =>
            postCallback(forgedUrl, callbackBody(target.publicId, index % 2 ? "Funded" : "Signed"))
          )
        )
        expect(forged.map(({ status }) => status)).toEqual(Array(20).fill(401))
        expect(forged.every(({ body }) => body.type === "unauthorized")).toBe(true)
        // No effect at all: not one row changed, and the service was not even asked.
        expect(await databaseFingerprint(container)).toEqual(before)
        expect(financing.serviceRequests.log.length).toBe(requestsBefore)
        expect((await sessionById(container, target.session.id)).status).toBe("pending")

        // 100 duplicates of the real callback, 25 at a time: one order, one payment.
        const statusReadsBefore = financing.serviceRequests.count("GET", STATUS_READ)
        const answers = await inBatches(
          Array.from({ length: 100 }, (_, index) => index),
          25,
          () => postCallback(target.callbackUrl, callbackBody(target.publicId, "SignedWaitingForInvoice"))
        )
        expect(answers.map(({ status }) => status)).toEqual(Array(100).fill(200))
        expect(answers.filter(({ body }) => body.action === "authorize")).toHaveLength(1)
        expect(answers.filter(({ body }) => body.action === "none")).toHaveLength(99)
        // Callbacks that arrive together share reads: the lock's holder reads once for itself and once more
        // for all that came while it worked, so a batch of 25 costs one or two reads, never 25 (authorizing
        // takes the read just made).
        const reads = financing.serviceRequests.count("GET", STATUS_READ) - statusReadsBefore
        expect(reads).toBeGreaterThanOrEqual(4)
        expect(reads).toBeLessThanOrEqual(8)

        const orderIds = await orderIdsOfCart(container, target.cart.id)
        expect(orderIds).toHaveLength(1)
        expect(await orderCount(container)).toBe(1)
        expect(await paymentsOfSession(container, target.session.id)).toHaveLength(1)
        expect(await orderIdsOfCart(container, other.cart.id)).toEqual([])
        expect((await sessionById(container, other.session.id)).status).toBe("pending")

        // The shopper comes back and completes the cart: the same order.
        const completed = await completeCart(target.cart.id)
        expect(completed.data.type).toBe("order")
        expect(completed.data.order.id).toBe(orderIds[0])
        expect(await orderCount(container)).toBe(1)
      })

      it("the shopper's return racing the callbacks still gives one order", async () => {
        const container = getContainer()
        const { cart, session, publicId, callbackUrl } = await financedCart()
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, publicId, 2)

        // The shopper lands on the return page (which completes the cart, twice: a double click) while
        // the service's callbacks arrive.
        const [callbacks, completions] = await Promise.all([
          Promise.all(
            Array.from({ length: 10 }, () =>
              postCallback(callbackUrl, callbackBody(publicId, "SignedWaitingForInvoice"))
            )
          ),
          Promise.all([completeCart(cart.id), completeCart(cart.id)]),
        ])
        expect(callbacks.map(({ status }) => status)).toEqual(Array(10).fill(200))

        const orderIds = await orderIdsOfCart(container, cart.id)
        expect(orderIds).toHaveLength(1)
        expect(await orderCount(container)).toBe(1)
        expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
        // A completion either returns that order or loses the race without making another.
        for (const completion of completions) {
          if (completion.data.type === "order") expect(completion.data.order.id).toBe(orderIds[0])
        }
        const again = await completeCart(cart.id)
        expect(again.data.type).toBe("order")
        expect(again.data.order.id).toBe(orderIds[0])
      })

      describe("one completion per financed cart", () => {
        // Whichever of the signed callback and the shopper's return page comes second takes the order the
        // first made, without running Medusa's completeCartWorkflow again (its stored executions count).
        async function signedCart() {
          const checkout = await financedCart()
          await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
          await moveApplication(financing.sandbox, checkout.publicId, "SignedWaitingForInvoice")
          await callbacksSettled(financing.sandbox, checkout.publicId, 2)
          return checkout
        }

        const signedCallback = (checkout: { callbackUrl: string; publicId: string }) =>
          postCallback(checkout.callbackUrl, callbackBody(checkout.publicId, "SignedWaitingForInvoice"))

        async function expectOneOrderFromOneCompletion(cartId: string, sessionId: string) {
          const container = getContainer()
          const orderIds = await orderIdsOfCart(container, cartId)
          expect(orderIds).toHaveLength(1)
          expect(await paymentsOfSession(container, sessionId)).toHaveLength(1)
          expect(await completeCartRuns(container, cartId)).toBe(1)
          return orderIds[0]
        }

        it("the return page after the callback's order answers with it", async () => {
          const checkout = await signedCart()
          expect((await signedCallback(checkout)).body).toEqual({ received: true, action: "authorize" })

          // The order is placed and paid: the return page reads nothing from the service to answer with it.
          const readsBefore = financing.serviceRequests.count("GET", STATUS_READ)
          const completed = await completeCart(checkout.cart.id)
          expect(financing.serviceRequests.count("GET", STATUS_READ)).toBe(readsBefore)
          const orderId = await expectOneOrderFromOneCompletion(checkout.cart.id, checkout.session.id)
          // What a sync or the return page sees of the cart under its lock: its order, placed and paid
          // (an order seen unpaid would be "repaired" and announced with order.placed a second time).
          expect(await settleCartCompletion(getContainer(), checkout.cart.id, { repair: false })).toEqual(
            expect.objectContaining({
              settled: true,
              order_id: orderId,
              paid: true,
              adoptable: null,
              missing: [],
            })
          )
          // The answer Medusa's own route gives, with the fields the storefront asked for.
          expect(completed.data.type).toBe("order")
          expect(completed.data.order).toEqual(
            expect.objectContaining({ id: orderId, items: expect.any(Array), total: expect.any(Number) })
          )
        })

        it("the callback after the return page's order links it", async () => {
          const checkout = await signedCart()
          const completed = await completeCart(checkout.cart.id)
          expect(completed.data.type).toBe("order")

          expect((await signedCallback(checkout)).status).toBe(200)
          const orderId = await expectOneOrderFromOneCompletion(checkout.cart.id, checkout.session.id)
          expect(orderId).toBe(completed.data.order.id)
          const [application] = await getContainer()
            .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
            .listFinancingApplications({ public_id: checkout.publicId })
          expect(application.order_id).toBe(orderId)
        })

        it("both at once: one completion, and both see the order", async () => {
          const checkout = await signedCart()
          const [callback, completed] = await Promise.all([
            signedCallback(checkout),
            completeCart(checkout.cart.id),
          ])
          expect(callback.status).toBe(200)
          const orderId = await expectOneOrderFromOneCompletion(checkout.cart.id, checkout.session.id)
          expect(completed.data.type).toBe("order")
          expect(completed.data.order.id).toBe(orderId)
        })
      })

      it("a callback after Funded, old or new, moves nothing backwards", async () => {
        const container = getContainer()
        const { cart, session, publicId, callbackUrl } = await financedCart()
        await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
        await callbacksSettled(financing.sandbox, publicId, 2)
        await moveApplication(financing.sandbox, publicId, "Funded")
        const funded = await callbacksSettled(financing.sandbox, publicId, 5)
        const [orderId] = await orderIdsOfCart(container, cart.id)
        const [payment] = await paymentsOfSession(container, session.id)
        expect(payment.captured_at).toBeTruthy()

        const before = await databaseFingerprint(container)
        // Every earlier callback arrives again, late and in reverse order.
        for (const callback of [...funded.callbacks].reverse()) {
          const answer = await postCallback(callbackUrl, {
            eventId: callback.eventId,
            publicId,
            status: callback.status,
            previousStatus: callback.previousStatus,
            changedAt: callback.changedAt,
          })
          expect(answer).toEqual({ status: 200, body: { received: true, action: "none" } })
        }
        // Stale statuses, as a reconciliation list read before the contract was funded would carry them.
        const staleStatuses: ApplicationStatusValue[] = [
          "Pending",
          "Approved",
          "SignedWaitingForInvoice",
          "Signed",
          "Declined",
          "Expired",
        ]
        const staleRead: ApplicationStatus = {
          publicId: "",
          applicationId: null,
          status: "Pending",
          phone: "555-555-0100",
          approvalAmount: null,
          borrowedAmount: null,
          invoiceAmount: null,
          totalInStorePayment: null,
          financingPartnerCode: null,
          financingPartnerName: null,
          financingPartnerDisplayName: null,
          paymentInfo: null,
        }
        for (const stale of staleStatuses) {
          const state = await syncFinancingSession(container, session.id, {
            ...staleRead,
            publicId: session.data.publicId as string,
            status: stale,
          })
          expect({ stale, action: state.action }).toEqual({ stale, action: "none" })
        }
        expect(await databaseFingerprint(container)).toEqual(before)

        // A return request at the service: the session stays as it was, the payment stays captured.
        await moveApplication(financing.sandbox, publicId, "PendingReturn")
        await callbacksSettled(financing.sandbox, publicId, 6)
        const stored = await sessionById(container, session.id)
        expect(stored.status).toBe("authorized")
        const [after] = await paymentsOfSession(container, session.id)
        expect(after.captured_at).toEqual(payment.captured_at)
        expect(after.captures).toHaveLength(1)
        expect(after.canceled_at).toBeFalsy()
        expect(await orderIdsOfCart(container, cart.id)).toEqual([orderId])
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: orders } = await query.graph({
          entity: "order",
          fields: ["status", "canceled_at"],
          filters: { id: orderId },
        })
        expect(orders[0]).toEqual(expect.objectContaining({ status: "pending", canceled_at: null }))
      })
    })

    it("a callback while the service fails answers 503, changes nothing, and the next one gives the order", async () => {
      const container = getContainer()
      // A signed contract whose callbacks were lost: only the test's callbacks reach Medusa.
      const { cart, session, publicId } = await startFinancedCart(api, seed)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      await setSandboxFaults(financing.sandbox, { errorRate: 1 })

      const answer = await postCallback(callbackUrl!, callbackBody(publicId))
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ type: "service_unavailable", message: expect.stringMatching(/again/) })
      expect(await orderIdsOfCart(container, cart.id)).toHaveLength(0)

      await setSandboxFaults(financing.sandbox, { errorRate: 0 })
      const again = await postCallback(callbackUrl!, callbackBody(publicId))
      expect(again).toEqual({ status: 200, body: { received: true, action: "authorize" } })
      expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
      expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
    })
  },
})
