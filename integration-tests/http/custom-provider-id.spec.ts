// First, before the helpers load and Medusa boots: the app registers the provider as { id: "financing" }.
import "./support/provider-registered-as-financing"

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  RETAIL_FINANCING_PROVIDER_ID,
  callbacksSettled,
  createCheckoutCart,
  createPaymentCollection,
  eventually,
  financingIntegrationSuite,
  moveApplication,
  orderIdsOfCart,
  paymentsOfSession,
  placeFinancedOrder,
  postSaleOf,
  sessionById,
  setSandboxFaults,
} from "../helpers"

/*
 * A store may register the provider under any id: Medusa then names it pp_retail-financing_<id>. With a
 * fixed id in the code, such a store's checkout was refused ("can only be started through the store API")
 * and reconciliation and post-sale ignored its sessions. These tests run all three under another id.
 */

jest.setTimeout(120_000)

const CUSTOM_PROVIDER_ID = "pp_retail-financing_financing"

financingIntegrationSuite({
  seed: "checkout",
  // Reconciliation and retries run when a test says so, not at the jobs' minute marks.
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    async function displayIdOf(orderId: string): Promise<number> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["display_id"],
        filters: { id: orderId },
      })
      return (data[0] as { display_id: number }).display_id
    }

    describe("a provider registered as { id: 'financing' }", () => {
      it("is the one the region offers, and the one these tests pay with", async () => {
        expect(RETAIL_FINANCING_PROVIDER_ID).toBe(CUSTOM_PROVIDER_ID)

        const { data } = await api.get(`/store/payment-providers?region_id=${seed.regionId}`, {
          headers: seed.headers,
        })

        const offered = (data as { payment_providers: { id: string }[] }).payment_providers.map(
          ({ id }) => id
        )
        expect(offered).toContain(CUSTOM_PROVIDER_ID)
        expect(offered).not.toContain("pp_retail-financing_retail-financing")
      })

      it("checks out through the store API; signed at the sandbox, the callback makes the order, and its references reach the service", async () => {
        const container = getContainer()

        const order = await placeFinancedOrder(api, container, seed, financing)

        const session = await sessionById(container, order.sessionId)
        expect(session.provider_id).toBe(CUSTOM_PROVIDER_ID)
        expect(session.status).toBe("authorized")
        const payments = await paymentsOfSession(container, order.sessionId)
        expect(payments.map((payment) => payment.provider_id)).toEqual([CUSTOM_PROVIDER_ID])

        const displayId = await displayIdOf(order.orderId)
        await eventually(async () => {
          expect((await postSaleOf(financing, order.publicId)).orderReferences).toEqual([
            String(displayId),
            order.orderId,
          ])
        }, 20_000)
      })

      it("reconciles a session whose callbacks were lost into an order", async () => {
        const container = getContainer()
        await setSandboxFaults(financing.sandbox, { dropCallbackRate: 1 })
        try {
          const cart = await createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 1 }] })
          const collection = await createPaymentCollection(api, seed, cart.id)
          const { data } = await api.post(
            `/store/payment-collections/${collection.id}/payment-sessions`,
            { provider_id: CUSTOM_PROVIDER_ID },
            { headers: seed.headers }
          )
          const publicId = (
            data as { payment_collection: { payment_sessions: { data: { publicId: string } }[] } }
          ).payment_collection.payment_sessions[0].data.publicId
          await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
          const application = await callbacksSettled(financing.sandbox, publicId, 2)
          expect(application.callbacks.every((callback) => callback.dropped && !callback.delivered)).toBe(
            true
          )
          expect(await orderIdsOfCart(container, cart.id)).toEqual([])

          const report = await reconcileFinancingApplications(container)

          expect(report).toEqual({ days: 1, applications: 1, synced: 1, failed: 0 })
          expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
        } finally {
          await setSandboxFaults(financing.sandbox, { dropCallbackRate: 0 })
        }
      })
    })
  },
})
