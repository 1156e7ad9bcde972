import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../src/modules/retail-financing"
import { OPTION_DEFAULTS } from "../../src/config/options"
import { applicationLockKey } from "../../src/workflows/checkout/utils/run-application-sync"
import {
  callbackBody,
  callbacksSettled,
  eventually,
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
/** The bound a store has by default: this file is its spec (the other files wait longer). */
const CALLBACK_ANSWER_WITHIN_MS = OPTION_DEFAULTS.callbackAnswerWithinMs

/*
 * Case 7 of issue 12: 100 valid callbacks replayed at once while every call to the service takes 1.5 s.
 * They used to queue on the application's lock until some timed out (500 "Timed-out acquiring lock"), each
 * reading the status again. Now the requests are coalesced: whoever holds the lock reads again for those
 * that arrived meanwhile, and the others answer 202 at once.
 */
/** Whether no sync holds the application (the last of the coalesced reads is over). */
async function applicationLockFree(container: MedusaContainer, publicId: string): Promise<boolean> {
  const [application] = await container
    .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    .listFinancingApplications({ public_id: publicId })
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const ownerId = "the-test"
  try {
    await locking.acquire(applicationLockKey(application.id), { ownerId, expire: 1 })
  } catch {
    return false
  }
  await locking.release(applicationLockKey(application.id), { ownerId })
  return true
}

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  callbackAnswerWithinMs: CALLBACK_ANSWER_WITHIN_MS,
  testSuite: ({ api, getContainer, financing, seed }) => {
    afterEach(async () => {
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0, latencyMs: 0, errorRate: 0 })
    })

    /** A signed contract whose callbacks were lost: only the test's callbacks reach Medusa. */
    async function signedCheckout() {
      const checkout = await startFinancedCart(api, seed)
      const { callbackUrl } = await sandboxApplication(financing.sandbox, checkout.publicId)
      await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
      await moveApplication(financing.sandbox, checkout.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, checkout.publicId, 2)
      return { ...checkout, callbackUrl: callbackUrl! }
    }

    it("a signed callback is answered within the bound while its sync carries on to one order", async () => {
      const container = getContainer()
      const { cart, session, publicId, callbackUrl } = await signedCheckout()
      // Another completion of the cart holds it (the shopper's, under load): the callback's sync waits.
      const locking = container.resolve<ILockingModule>(Modules.LOCKING)
      await locking.acquire(cart.id, { ownerId: "another-completion", expire: 60 })

      const started = Date.now()
      const answer = await postCallback(callbackUrl, callbackBody(publicId))
      const answeredAfter = Date.now() - started

      // Answered before the service would give up on the delivery, not after the sync: nothing sent again.
      expect(answer).toEqual({ status: 202, body: { received: true, queued: true } })
      expect(answeredAfter).toBeGreaterThanOrEqual(CALLBACK_ANSWER_WITHIN_MS)
      expect(answeredAfter).toBeLessThan(CALLBACK_ANSWER_WITHIN_MS + 2_000)
      expect(await orderIdsOfCart(container, cart.id)).toHaveLength(0)

      // The other completion ends without an order; the sync, still running, completes the cart.
      await locking.release(cart.id, { ownerId: "another-completion" })
      await eventually(async () => {
        expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
        expect((await sessionById(container, session.id)).status).toBe("authorized")
      }, 30_000)
      expect(await paymentsOfSession(container, session.id)).toHaveLength(1)
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

      const statuses = answers.map(({ status }) => status)
      expect(statuses.filter((status) => status >= 500)).toEqual([])
      expect(statuses.filter((status) => status !== 200 && status !== 202)).toEqual([])
      // The sync that completes the cart may outlast the answer bound and finish after its 202.
      expect(answers.filter(({ body }) => body.action === "authorize").length).toBeLessThanOrEqual(1)
      // Nobody queued behind 99 others: the burst is over within a few reads' time.
      expect(elapsed).toBeLessThan(20 * SLOW_SERVICE_MS)

      await eventually(async () => {
        expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
        expect(await applicationLockFree(container, publicId)).toBe(true)
      }, 30_000)
      // One read for the signature, one for the callbacks that came while it was handled, and perhaps a
      // third for stragglers: never one per callback.
      const reads = financing.serviceRequests.count("GET", STATUS_READ) - readsBefore
      expect(reads).toBeGreaterThanOrEqual(1)
      expect(reads).toBeLessThanOrEqual(3)
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
