import {
  callbackBody,
  callbacksSettled,
  financingIntegrationSuite,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  paymentsOfSession,
  postCallback,
  sandboxApplication,
  sessionById,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"

const STATUS_READ = /^\/v2\/applications\/[^/]+\/status$/
const SLOW_SERVICE_MS = 1_500

/*
 * Case 7 of issue 12: 100 valid callbacks replayed at once while every call to the service takes 1.5 s.
 * They used to queue on the application's lock until some timed out (500 "Timed-out acquiring lock"), each
 * reading the status again. Now the requests are coalesced: whoever holds the lock reads again for those
 * that arrived meanwhile, and the others answer 202 at once.
 */
financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    afterEach(async () => {
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0, latencyMs: 0 })
    })

    it("100 replayed callbacks under a 1.5 s service: no 5xx, one order, a handful of status reads", async () => {
      const container = getContainer()
      const { cart, session, publicId } = await startFinancedCart(api, seed)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)
      // The service's own callbacks are lost: only the 100 replays reach Medusa.
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      await setSandboxFaults(financing.sandbox, { latencyMs: SLOW_SERVICE_MS })

      const readsBefore = financing.serviceRequests.count("GET", STATUS_READ)
      const started = Date.now()
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => postCallback(callbackUrl!, callbackBody(publicId)))
      )
      const elapsed = Date.now() - started
      const reads = financing.serviceRequests.count("GET", STATUS_READ) - readsBefore

      const statuses = answers.map(({ status }) => status)
      expect(statuses.filter((status) => status >= 500)).toEqual([])
      expect(statuses.filter((status) => status !== 200 && status !== 202)).toEqual([])
      expect(answers.filter(({ body }) => body.action === "authorize")).toHaveLength(1)
      // One read for the signature, one for the callbacks that came while it was handled, and perhaps a
      // third for stragglers: never one per callback.
      expect(reads).toBeGreaterThanOrEqual(1)
      expect(reads).toBeLessThanOrEqual(3)
      // Nobody queued behind 99 others: the burst is over within a few reads' time.
      expect(elapsed).toBeLessThan(20 * SLOW_SERVICE_MS)

      expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
      expect(await orderCount(container)).toBe(1)
      expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
      expect((await sessionById(container, session.id)).status).toBe("authorized")
      console.info(
        `100 callbacks, ${SLOW_SERVICE_MS} ms service: ${reads} status reads, ` +
          `${statuses.filter((status) => status === 200).length}×200, ` +
          `${statuses.filter((status) => status === 202).length}×202, ${elapsed} ms`
      )
    })
  },
})
