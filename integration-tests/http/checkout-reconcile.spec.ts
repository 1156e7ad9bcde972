import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import reconcileFinancingApplicationsJob from "../../src/jobs/reconcile-financing-applications"
import {
  SANDBOX_CREDENTIALS,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  financingIntegrationSuite,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  paymentsOfSession,
  sessionById,
  startFinancedCart,
  financingLedger,
  watchLogs,
} from "../helpers"

const LIST_CALL = /^\/v2\/applications\/from\/[^/]+\/at\/\d{4}-\d{2}-\d{2}$/
const STATUS_READ = /^\/v2\/applications\/[^/]+\/status$/

financingIntegrationSuite({
  // Every status callback of this file is lost: only reconciliation can tell Medusa what happened.
  sandbox: { faults: { dropCallbackRate: 1 } },
  seed: "checkout",
  // The tests run reconciliation themselves, exactly when they mean to.
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const logs = watchLogs(getContainer)

    /** A cart with items, shipping, a promotion and tax, and a financing session started on it. */
    const financedCart = () =>
      startFinancedCart(api, seed, {
        items: [
          { variantIndex: 0, quantity: 1 },
          { variantIndex: 1, quantity: 1 },
        ],
        promoCodes: [seed.promoCodes.tenOff],
      })

    /** Moves the application at the sandbox and waits until its callbacks were (all) dropped. */
    async function moveWithoutCallbacks(publicId: string, status: string, callbacks: number) {
      await moveApplication(financing.sandbox, publicId, status)
      const application = await callbacksSettled(financing.sandbox, publicId, callbacks)
      expect(application.callbacks.every((callback) => callback.dropped && !callback.delivered)).toBe(true)
    }

    /** Requests Medusa makes to the service while `work` runs. */
    async function serviceCallsDuring<T>(work: () => Promise<T>) {
      const from = financing.serviceRequests.log.length
      const result = await work()
      const calls = financing.serviceRequests.log.slice(from)
      const count = (method: string, path: RegExp) =>
        calls.filter((call) => call.method === method && path.test(call.path)).length
      return {
        result,
        calls,
        lists: calls.filter((call) => call.method === "GET" && LIST_CALL.test(call.path)),
        statusReads: count("GET", STATUS_READ),
      }
    }

    async function captureTransactions(orderId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["transactions.reference"],
        filters: { id: orderId },
      })
      return ((data[0]?.transactions ?? []) as { reference: string }[]).filter(
        (transaction) => transaction.reference === "capture"
      )
    }

    describe("reconciliation", () => {
      it("one run applies what lost callbacks missed, with one list call for the day", async () => {
        const container = getContainer()
        const signed = await financedCart()
        const declined = await financedCart()
        const expired = await financedCart()
        const funded = await financedCart()
        const untouched = await financedCart()

        // The shopper signs and closes the browser; the lender declines one, another expires, one is funded.
        await moveWithoutCallbacks(signed.publicId, "SignedWaitingForInvoice", 2)
        await moveWithoutCallbacks(declined.publicId, "Declined", 1)
        await moveWithoutCallbacks(expired.publicId, "Expired", 1)
        await moveWithoutCallbacks(funded.publicId, "Funded", 3)
        expect(await orderCount(container)).toBe(0)
        for (const { session } of [signed, declined, expired, funded, untouched]) {
          expect((await sessionById(container, session.id)).status).toBe("pending")
        }

        const run = await serviceCallsDuring(() => reconcileFinancingApplications(container))
        expect(run.result).toEqual({ days: 1, applications: 5, synced: 4, failed: 0 })
        const today = new Date().toISOString().slice(0, 10)
        expect(run.lists.map((call) => call.path)).toEqual([
          `/v2/applications/from/${SANDBOX_CREDENTIALS.storeCode}/at/${today}`,
        ])
        expect(run.lists[0].status).toBe(200)
        // No status read at all: the list told every status and contract amount, and authorizing the signed
        // and the funded contracts takes the listed read instead of asking again.
        expect(run.statusReads).toBe(0)

        // Signed: one order, its payment authorized.
        const [signedOrder, ...moreSigned] = await orderIdsOfCart(container, signed.cart.id)
        expect(signedOrder).toBeDefined()
        expect(moreSigned).toHaveLength(0)
        const [signedPayment] = await paymentsOfSession(container, signed.session.id)
        expect(signedPayment.captured_at).toBeFalsy()
        expect((await sessionById(container, signed.session.id)).status).toBe("authorized")

        // Funded: one order, its payment captured once.
        const [fundedOrder, ...moreFunded] = await orderIdsOfCart(container, funded.cart.id)
        expect(fundedOrder).toBeDefined()
        expect(moreFunded).toHaveLength(0)
        const fundedPayments = await paymentsOfSession(container, funded.session.id)
        expect(fundedPayments).toHaveLength(1)
        expect(fundedPayments[0].captured_at).toBeTruthy()
        expect(fundedPayments[0].captures).toHaveLength(1)
        expect(Number(fundedPayments[0].captures![0].amount)).toBeCloseTo(funded.cart.total, 2)
        expect(await captureTransactions(fundedOrder)).toHaveLength(1)

        // Declined and expired: closed, no order; the untouched one is left as it was.
        const declinedSession = await sessionById(container, declined.session.id)
        expect(declinedSession.status).toBe("error")
        expect(declinedSession.data).toEqual(expect.objectContaining({ applicationStatus: "Declined" }))
        const expiredSession = await sessionById(container, expired.session.id)
        expect(expiredSession.status).toBe("canceled")
        expect(expiredSession.data).toEqual(expect.objectContaining({ applicationStatus: "Expired" }))
        for (const closed of [declined, expired, untouched]) {
          expect(await orderIdsOfCart(container, closed.cart.id)).toEqual([])
        }
        expect((await sessionById(container, untouched.session.id)).status).toBe("pending")
        expect(await orderCount(container)).toBe(2)

        // A second run finds nothing left to do: still one list call, and no status read at all.
        const again = await serviceCallsDuring(() => reconcileFinancingApplications(container))
        expect(again.result).toEqual({ days: 1, applications: 2, synced: 0, failed: 0 })
        expect(again.lists).toHaveLength(1)
        expect(again.statusReads).toBe(0)
        expect(await orderCount(container)).toBe(2)
        expect((await paymentsOfSession(container, funded.session.id))[0].captures).toHaveLength(1)

        // The shopper who signed comes back later: the same order.
        const completed = await api.post(
          `/store/carts/${signed.cart.id}/complete`,
          {},
          { headers: seed.headers }
        )
        expect(completed.data.type).toBe("order")
        expect(completed.data.order.id).toBe(signedOrder)
      })

      it("two runs at once, as from two server instances, still give one order per contract", async () => {
        const container = getContainer()
        const signed = await financedCart()
        const funded = await financedCart()
        await moveWithoutCallbacks(signed.publicId, "SignedWaitingForInvoice", 2)
        await moveWithoutCallbacks(funded.publicId, "Funded", 3)

        const runs = await Promise.all([
          reconcileFinancingApplications(container),
          reconcileFinancingApplications(container),
        ])
        // Each run saw both sessions; between them they changed each one once.
        expect(runs.map((run) => run.failed)).toEqual([0, 0])
        expect(runs[0].synced + runs[1].synced).toBe(2)
        expect(await orderIdsOfCart(container, signed.cart.id)).toHaveLength(1)
        expect(await orderIdsOfCart(container, funded.cart.id)).toHaveLength(1)
        expect(await orderCount(container)).toBe(2)
        expect(await paymentsOfSession(container, signed.session.id)).toHaveLength(1)
        const fundedPayments = await paymentsOfSession(container, funded.session.id)
        expect(fundedPayments).toHaveLength(1)
        expect(fundedPayments[0].captures).toHaveLength(1)

        // The scheduled job itself, started twice at once: one runs, the other finds the lock taken.
        const late = await financedCart()
        await moveWithoutCallbacks(late.publicId, "SignedWaitingForInvoice", 2)
        await Promise.all([
          reconcileFinancingApplicationsJob(container),
          reconcileFinancingApplicationsJob(container),
        ])
        expect(await orderIdsOfCart(container, late.cart.id)).toHaveLength(1)
        expect(await orderCount(container)).toBe(3)
        expect(await paymentsOfSession(container, late.session.id)).toHaveLength(1)
      })

      it("sessions Medusa deleted: a signed one becomes one session_deleted exception, an unsigned one is recorded; no error log, not listed again", async () => {
        const container = getContainer()
        const signed = await financedCart()
        const unsigned = await financedCart()
        // A first run while the sessions live: the ledger knows both (as it does from creation onwards).
        await reconcileFinancingApplications(container)
        // Both shoppers choose another way to pay: Medusa deletes their financing sessions.
        for (const { collection } of [signed, unsigned]) {
          await api.post(
            `/store/payment-collections/${collection.id}/payment-sessions`,
            { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
            { headers: seed.headers }
          )
        }
        await moveWithoutCallbacks(signed.publicId, "SignedWaitingForInvoice", 2)
        await moveWithoutCallbacks(unsigned.publicId, "Approved", 1)

        const run = await reconcileFinancingApplications(container)
        expect(run).toEqual({ days: 1, applications: 2, synced: 2, failed: 0 })
        const ledger = financingLedger(container)
        const [signedRow] = await ledger.listFinancingApplications({ public_id: signed.publicId })
        const [unsignedRow] = await ledger.listFinancingApplications({ public_id: unsigned.publicId })
        expect(signedRow).toEqual(
          expect.objectContaining({ exception_reason: "session_deleted", order_id: null })
        )
        expect(unsignedRow).toEqual(expect.objectContaining({ status: "Approved", exception_reason: null }))
        expect(logs.mentioning(signed.publicId).warn).toHaveLength(1)
        expect(logs.mentioning(unsigned.publicId).warn).toEqual([])
        expect(logs.error).toEqual([])
        expect(await orderCount(container)).toBe(0)

        // The exception waits for the merchant: later runs no longer list it. The unsigned one is followed
        // until it expires, without a word in the log.
        const again = await reconcileFinancingApplications(container)
        expect(again).toEqual({ days: 1, applications: 1, synced: 0, failed: 0 })
        await moveWithoutCallbacks(unsigned.publicId, "Expired", 2)
        expect(await reconcileFinancingApplications(container)).toEqual({
          days: 1,
          applications: 1,
          synced: 1,
          failed: 0,
        })
        expect(await reconcileFinancingApplications(container)).toEqual({
          days: 0,
          applications: 0,
          synced: 0,
          failed: 0,
        })
        expect(logs.mentioning(signed.publicId).warn).toHaveLength(1)
        expect(logs.error).toEqual([])
      })
    })
  },
})
