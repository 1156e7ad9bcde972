import {
  type PlacedFinancedOrder,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
} from "../helpers"

jest.setTimeout(120_000)

type Refused = { status: number; data: { message: string } }
const refusedWith = (error: { response?: Refused }) => {
  if (!error.response) throw error
  return error.response
}

/**
 * "Mark as received" on the order widget: the in-store payment the shopper owes the store directly is
 * recorded received once, with the admin user who marked it, and refused where nothing is owed.
 */
financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const markPath = (orderId: string) =>
      `/admin/retail-financing/orders/${orderId}/in-store-payment/received`

    /** A signed contract whose in-store payment the ledger has read (the sandbox gives every one some). */
    async function signedOrder(): Promise<{ order: PlacedFinancedOrder; inStore: number }> {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      const inStore = await eventually(async () => {
        const { data } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, adminHeaders)
        const amount = data.financing.application.total_in_store_payment as number | null
        if (!amount) throw new Error("no in-store payment recorded yet")
        return amount
      }, 30_000)
      return { order, inStore }
    }

    const adminUserId = async () => {
      const { data } = await api.get("/admin/users/me", adminHeaders)
      return data.user.id as string
    }

    it("records the in-store payment received once, with the admin who marked it; a second mark keeps the first", async () => {
      const { order, inStore } = await signedOrder()
      const { data: before } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, adminHeaders)
      expect(before.financing.application.in_store_payment).toEqual({
        amount: inStore,
        received_at: null,
        received_by: null,
      })

      const startedAt = Date.now()
      const { data: first } = await api.post(markPath(order.orderId), {}, adminHeaders)
      const userId = await adminUserId()
      expect(first.already_recorded).toBe(false)
      const marked = first.financing.application.in_store_payment
      expect(marked).toEqual({ amount: inStore, received_at: expect.any(String), received_by: userId })
      expect(new Date(marked.received_at).getTime()).toBeGreaterThanOrEqual(startedAt - 1000)

      // A second admin's mark (here the same user's, later) answers that it was already recorded and
      // leaves the first mark's time and user as they were.
      await financingLedger(getContainer()).updateFinancingApplications({
        id: first.financing.application.id,
        in_store_payment_received_by: "user_first_marker",
      })
      const { data: second } = await api.post(markPath(order.orderId), {}, adminHeaders)
      expect(second.financing.application.in_store_payment).toEqual({
        amount: inStore,
        received_at: marked.received_at,
        received_by: "user_first_marker",
      })
      expect(second.already_recorded).toBe(true)
      const { data: view } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, adminHeaders)
      expect(view.financing.application.in_store_payment.received_at).toBe(marked.received_at)
    })

    it("refuses a contract without an in-store payment, and one returned whole", async () => {
      const { order } = await signedOrder()
      const ledger = financingLedger(getContainer())
      const [application] = await ledger.listFinancingApplications({ order_id: order.orderId })
      await ledger.updateFinancingApplications({ id: application.id, total_in_store_payment: 0 })

      const none = await api.post(markPath(order.orderId), {}, adminHeaders).catch(refusedWith)
      expect(none.status).toBe(400)
      expect(none.data.message).toBe(
        "This financing contract has no in-store payment: the lender pays all of it, so there is nothing to mark received."
      )
      const { data: view } = await api.get(`/admin/retail-financing/orders/${order.orderId}`, adminHeaders)
      expect(view.financing.application.in_store_payment).toBeNull()

      await ledger.updateFinancingApplications({
        id: application.id,
        total_in_store_payment: 100,
        status: "Returned",
      })
      const returned = await api.post(markPath(order.orderId), {}, adminHeaders).catch(refusedWith)
      expect(returned.status).toBe(400)
      expect(returned.data.message).toBe(
        "This financing contract was returned whole: the customer owes no in-store payment on it."
      )
      const [after] = await ledger.listFinancingApplications({ id: application.id })
      expect(after.in_store_payment_received_at).toBeNull()
    })

    it("answers 404 for an order not paid with financing, and for no order", async () => {
      const orderId = "order_not_financed"
      // Medusa has no such order: the route says so before anything runs.
      const missing = await api.post(markPath(orderId), {}, adminHeaders).catch(refusedWith)
      expect(missing.status).toBe(404)
      expect(missing.data.message).toBe(`There is no order ${orderId}.`)

      const { order } = await signedOrder()
      const ledger = financingLedger(getContainer())
      const [application] = await ledger.listFinancingApplications({ order_id: order.orderId })
      // The order stands in Medusa, but the ledger links no financing to it.
      await ledger.updateFinancingApplications({ id: application.id, order_id: null })
      const unfinanced = await api.post(markPath(order.orderId), {}, adminHeaders).catch(refusedWith)
      expect(unfinanced.status).toBe(404)
      expect(unfinanced.data.message).toBe(`Order ${order.orderId} was not paid with retail financing.`)
    })

    it("answers 401 without an admin session", async () => {
      const { order } = await signedOrder()
      const response = await api.post(markPath(order.orderId), {}).catch(refusedWith)
      expect(response.status).toBe(401)
      const [application] = await financingLedger(getContainer()).listFinancingApplications({
        order_id: order.orderId,
      })
      expect(application.in_store_payment_received_at).toBeNull()
    })
  },
})
