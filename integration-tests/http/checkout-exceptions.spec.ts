import {
  callbackBody,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderCount,
  postCallback,
  sandboxApplication,
  startFinancedCart,
  watchLogs,
} from "../helpers"

/*
 * A signed contract that must not complete its cart becomes an exception: recorded once on the ledger,
 * logged once at warning level (never an error per retried callback), and every later callback answered
 * 200 with nothing more to do.
 */
financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, financing, seed }) => {
    const logs = watchLogs(getContainer)

    it("session deleted: the shopper chose another way to pay, then signed anyway; one exception, one warning, no error", async () => {
      const container = getContainer()
      const { collection, publicId } = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, publicId, "Approved")
      await callbacksSettled(financing.sandbox, publicId, 1)

      // Another way to pay: Medusa deletes the financing session.
      const switched = await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        { headers: seed.headers }
      )
      expect(
        switched.data.payment_collection.payment_sessions.map(
          ({ provider_id }: { provider_id: string }) => provider_id
        )
      ).toEqual([SYSTEM_PAYMENT_PROVIDER_ID])

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      const application = await callbacksSettled(financing.sandbox, publicId, 2)
      // The service was answered 2xx, so it stops retrying: the contract is the store's to resolve.
      expect(application.callbacks.map(({ delivered }) => delivered)).toEqual([true, true])

      const [ledger] = await financingLedger(container).listFinancingApplications({ public_id: publicId })
      expect(ledger).toEqual(
        expect.objectContaining({
          order_id: null,
          exception_reason: "session_deleted",
          exception_resolution: null,
        })
      )
      expect(ledger.exception_at).toBeTruthy()
      expect(await orderCount(container)).toBe(0)
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.mentioning(publicId).warn[0]).toContain("session_deleted")
      expect(logs.error).toEqual([])

      // The service retries, or replays: answered at once, nothing more logged or recorded.
      const { callbackUrl } = await sandboxApplication(financing.sandbox, publicId)
      for (let repeat = 0; repeat < 3; repeat++) {
        const answer = await postCallback(callbackUrl!, callbackBody(publicId))
        expect(answer).toEqual({ status: 200, body: { received: true, action: "none" } })
      }
      expect(logs.mentioning(publicId).warn).toHaveLength(1)
      expect(logs.error).toEqual([])
      const [after] = await financingLedger(container).listFinancingApplications({ public_id: publicId })
      expect(after.exception_at).toEqual(ledger.exception_at)
      expect(await orderCount(container)).toBe(0)
    })
  },
})
