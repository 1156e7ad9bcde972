import type { MedusaContainer } from "@medusajs/framework/types"

import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  callbackBody,
  type CheckoutSeed,
  callbacksSettled,
  createStockedVariant,
  financingIntegrationSuite,
  financingLedger,
  lastOrderDisplayId,
  moveApplication,
  orderCount,
  orderIdsOfCart,
  paymentsOfSession,
  postCallback,
  sandboxApplication,
  sessionById,
  setStock,
  startFinancedCart,
  watchLogs,
} from "../helpers"

/*
 * Case 4 of issue 12: Medusa cannot complete a signed cart (two carts signed for the last unit of a product
 * whose stock it manages). One order; the other contract is an exception, logged once; reconciliation tries
 * again only when the backoff says so and stops after the last try, so it never makes and rolls back an
 * order (using up a display id) every five minutes.
 */
financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const logs = watchLogs(getContainer)

    const reconcile = async (container: MedusaContainer) => await reconcileFinancingApplications(container)

    const ledgerOf = async (container: MedusaContainer, publicId: string) => {
      const [application] = await financingLedger(container).listFinancingApplications({
        public_id: publicId,
      })
      return application
    }

    /** Lets the next try come due now, as if its delay had run out. */
    const makeCompletionDue = async (container: MedusaContainer, id: string, attempts?: number) =>
      financingLedger(container).updateFinancingApplications({
        id,
        next_completion_at: new Date(Date.now() - 1000),
        ...(attempts !== undefined && { completion_attempts: attempts }),
      })

    /** Two carts for the last unit of a stocked product, each with its financing application. */
    async function twoCartsForTheLastUnit() {
      const container = getContainer()
      const stocked = await createStockedVariant(container, seed, {
        title: "Last armchair",
        price: 899,
        stocked: 1,
      })
      const lastUnit: CheckoutSeed = { ...seed, variantIds: [stocked.variantId] }
      const first = await startFinancedCart(api, lastUnit)
      const second = await startFinancedCart(api, lastUnit)
      return { stocked, first, second }
    }

    /** Both sign; the first gets the unit, the second's completion fails. */
    async function bothSign() {
      const container = getContainer()
      const carts = await twoCartsForTheLastUnit()
      await moveApplication(financing.sandbox, carts.first.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, carts.first.publicId, 2)
      expect(await orderIdsOfCart(container, carts.first.cart.id)).toHaveLength(1)

      await moveApplication(financing.sandbox, carts.second.publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, carts.second.publicId, 2)
      return carts
    }

    it("one order; the other contract is an exception logged once, tried again only when due and never after the last try", async () => {
      const container = getContainer()
      const { first, second } = await bothSign()

      expect(await orderIdsOfCart(container, second.cart.id)).toEqual([])
      expect(await orderCount(container)).toBe(1)
      expect((await sessionById(container, second.session.id)).status).toBe("pending")
      expect(await paymentsOfSession(container, second.session.id)).toEqual([])

      const failed = await ledgerOf(container, second.publicId)
      expect(failed).toEqual(
        expect.objectContaining({
          order_id: null,
          exception_reason: "completion_failed",
          exception_resolution: null,
          completion_attempts: 1,
        })
      )
      expect(failed.completion_error).toMatch(/inventory|stock/i)
      const nextAt = new Date(failed.next_completion_at!).getTime()
      expect(nextAt).toBeGreaterThan(Date.now() + 30_000)
      expect(nextAt).toBeLessThanOrEqual(Date.now() + 60_000)
      const exceptionLogs = () => logs.mentioning(second.publicId).warn
      expect(exceptionLogs()).toHaveLength(1)
      expect(exceptionLogs()[0]).toContain("completion_failed")
      expect(exceptionLogs()[0]).toContain(failed.id)
      // Nothing of the shopper in the line: no name, email, phone or street.
      expect(exceptionLogs()[0]).not.toMatch(/Jordan|Rivera|shopper@|512-555|Main St/)
      expect((await ledgerOf(container, first.publicId)).exception_reason).toBeNull()

      // Reconciliation runs (and the service repeats its callback) before the next try is due: no order is
      // made and rolled back, so no display id is used up, and nothing more is logged.
      const displayIdAfterFailure = await lastOrderDisplayId(container)
      for (let run = 0; run < 5; run++)
        expect(await reconcile(container)).toEqual(expect.objectContaining({ failed: 0 }))
      const { callbackUrl } = await sandboxApplication(financing.sandbox, second.publicId)
      for (let repeat = 0; repeat < 3; repeat++) {
        const answer = await postCallback(callbackUrl!, callbackBody(second.publicId))
        expect(answer).toEqual({ status: 200, body: { received: true, action: "none" } })
      }
      expect(await lastOrderDisplayId(container)).toBe(displayIdAfterFailure)
      expect(await orderCount(container)).toBe(1)
      expect((await ledgerOf(container, second.publicId)).completion_attempts).toBe(1)
      expect(exceptionLogs()).toHaveLength(1)

      // The delay runs out: one more try, which fails again (still no stock), counted, not logged again.
      await makeCompletionDue(container, failed.id)
      await reconcile(container)
      expect((await ledgerOf(container, second.publicId)).completion_attempts).toBe(2)
      expect(await orderCount(container)).toBe(1)
      expect(exceptionLogs()).toHaveLength(1)

      // The last try fails: no try is left, so nothing is tried again, even once the stock is back.
      await makeCompletionDue(container, failed.id, 5)
      await reconcile(container)
      const stopped = await ledgerOf(container, second.publicId)
      expect(stopped).toEqual(
        expect.objectContaining({
          completion_attempts: 6,
          next_completion_at: null,
          exception_resolution: null,
        })
      )
      const displayIdAfterLastTry = await lastOrderDisplayId(container)
      for (let run = 0; run < 3; run++) await reconcile(container)
      expect(await lastOrderDisplayId(container)).toBe(displayIdAfterLastTry)
      expect((await ledgerOf(container, second.publicId)).completion_attempts).toBe(6)
      expect(await orderCount(container)).toBe(1)
      expect(exceptionLogs()).toHaveLength(1)
    })

    it("once the merchant restocks, the next due try places the order and closes the exception", async () => {
      const container = getContainer()
      const { stocked, second } = await bothSign()
      const failed = await ledgerOf(container, second.publicId)
      expect(failed.exception_reason).toBe("completion_failed")

      await setStock(container, seed, stocked.inventoryItemId, 2)
      await makeCompletionDue(container, failed.id)
      const report = await reconcile(container)
      expect(report).toEqual(expect.objectContaining({ synced: 1, failed: 0 }))

      const [orderId, ...others] = await orderIdsOfCart(container, second.cart.id)
      expect(others).toEqual([])
      expect(await orderCount(container)).toBe(2)
      expect((await sessionById(container, second.session.id)).status).toBe("authorized")
      expect(await paymentsOfSession(container, second.session.id)).toHaveLength(1)
      expect(await ledgerOf(container, second.publicId)).toEqual(
        expect.objectContaining({
          order_id: orderId,
          next_completion_at: null,
          exception_reason: "completion_failed",
          exception_resolution: "resolved",
          exception_resolved_by: "system",
        })
      )
    })
  },
})
