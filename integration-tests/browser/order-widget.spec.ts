import type { HttpTypes } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import type { Browser } from "playwright-core"

import {
  type AuthHeaders,
  type CheckoutSeed,
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  createAdminAuthHeaders,
  createCheckoutCart,
  createPaymentCollection,
  moveApplication,
  orderIdsOfCart,
  sandboxApplication,
  seedCheckoutStore,
  useFinancingEnvironment,
} from "../helpers"
import {
  type AdminSession,
  ensureAdminBuild,
  launchChromium,
  logIn,
  openAdmin,
  openOrder,
  withScreenshotOnFailure,
} from "./admin-browser"

/*
 * The order widget (src/admin/widgets/order-financing-widget.tsx) in the real Medusa dashboard, in Chromium,
 * against the plugin's real admin routes and the sandbox: what a merchant sees on a financed order and on
 * one paid another way, and what one click sends to the financing service.
 */

jest.setTimeout(120_000)

// Registered before the runner's own beforeAll, so the sandbox and the port exist when Medusa boots.
const financing = useFinancingEnvironment()

let browser: Browser
beforeAll(async () => {
  // Before Medusa boots: the build needs the memory more than the app does (about 2.2 GB peak).
  const build = await ensureAdminBuild()
  if (build.rebuilt) process.stdout.write(`admin dashboard rebuilt in ${build.ms} ms (${build.reason})\n`)
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
})

type PlacedOrder = { id: string; displayId: number; cartId: string }
type FinancedOrder = PlacedOrder & { publicId: string }

medusaIntegrationTestRunner({
  testSuite: ({ api: untypedApi, getContainer }) => {
    const api = untypedApi as AxiosInstance
    let seed: CheckoutSeed
    let adminHeaders: AuthHeaders
    let session: AdminSession | undefined

    beforeAll(async () => {
      seed = await seedCheckoutStore(getContainer())
      // The dashboard logs in as this user too: it is in the snapshot every test starts from.
      adminHeaders = await createAdminAuthHeaders(getContainer(), api)
    })

    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    const storeHeaders = () => ({ headers: { "x-publishable-api-key": seed.publishableKey } })

    async function orderOf(cartId: string): Promise<PlacedOrder> {
      const [id] = await orderIdsOfCart(getContainer(), cartId)
      if (!id) throw new Error(`cart ${cartId} has no order`)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [order],
      } = await query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id } })
      return { id, displayId: Number(order.display_id), cartId }
    }

    /** A shopper signs the contract at the sandbox; the plugin's callback route makes the order. */
    async function placeFinancedOrder(): Promise<FinancedOrder> {
      const cart = await createCheckoutCart(api, seed, { items: [{ variantIndex: 0, quantity: 1 }] })
      const collection = await createPaymentCollection(api, seed, cart.id)
      const { data } = await api.post<{ payment_collection: HttpTypes.StorePaymentCollection }>(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: RETAIL_FINANCING_PROVIDER_ID },
        storeHeaders()
      )
      const paymentSession = data.payment_collection.payment_sessions?.find(
        ({ provider_id }) => provider_id === RETAIL_FINANCING_PROVIDER_ID
      )
      const publicId = paymentSession?.data?.publicId
      if (typeof publicId !== "string") throw new Error("the financing session has no application")

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      // Answered only once Medusa has made the order.
      await callbacksSettled(financing.sandbox, publicId, 1)
      return { ...(await orderOf(cart.id)), publicId }
    }

    /** Paid with Medusa's system provider: an order the plugin has nothing to do with. */
    async function placeSystemOrder(): Promise<PlacedOrder> {
      const cart = await createCheckoutCart(api, seed, { items: [{ variantIndex: 1, quantity: 1 }] })
      const collection = await createPaymentCollection(api, seed, cart.id)
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        storeHeaders()
      )
      const { data } = await api.post<{ type: string }>(
        `/store/carts/${cart.id}/complete`,
        {},
        storeHeaders()
      )
      expect(data.type).toBe("order")
      return orderOf(cart.id)
    }

    /**
     * Fulfils every item from the seeded warehouse, as a merchant does, and ships nothing yet: a shipment
     * would send the delivery information by itself (subscriber on shipment.created), and this test is
     * about the button.
     */
    async function fulfillEverything(orderId: string): Promise<string> {
      const {
        data: { order },
      } = await api.get<{ order: HttpTypes.AdminOrder }>(
        `/admin/orders/${orderId}?fields=id,*items`,
        adminHeaders
      )
      const items = (order.items ?? []).map(({ id, quantity }) => ({ id, quantity }))
      const {
        data: { order: fulfilled },
      } = await api.post<{ order: HttpTypes.AdminOrder }>(
        `/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments`,
        { items, location_id: seed.stockLocationId },
        adminHeaders
      )
      const fulfillment = fulfilled.fulfillments?.[0]
      if (!fulfillment) throw new Error(`order ${orderId} has no fulfillment after creating one`)
      return fulfillment.id
    }

    async function loggedInAdmin(): Promise<AdminSession> {
      session = await openAdmin(browser, financing.backendUrl)
      await withScreenshotOnFailure(session, "admin-login", () => logIn(session!))
      return session
    }

    /** The widget asks the plugin about every order it is shown on; its answer decides what renders. */
    function financingLookup(dashboard: AdminSession, orderId: string) {
      return dashboard.page.waitForResponse(
        (response) =>
          response.request().method() === "GET" &&
          new URL(response.url()).pathname === `/admin/retail-financing/orders/${orderId}`
      )
    }

    it("shows a financed order's application status and partner, and nothing on an order paid another way", async () => {
      const financed = await placeFinancedOrder()
      const plain = await placeSystemOrder()
      const dashboard = await loggedInAdmin()
      const widget = dashboard.page.getByTestId("retail-financing-widget")

      await withScreenshotOnFailure(dashboard, "order-widget-financed", async () => {
        await openOrder(dashboard, financed.id, financed.displayId)
        await widget.waitFor()
        expect(await widget.count()).toBe(1)
        expect((await widget.getByTestId("rf-application-status").innerText()).trim()).toBe(
          "Signed, waiting for invoice"
        )
        // The sandbox's first partner for a store; the service names it in the signed callback.
        expect((await widget.getByTestId("rf-partner").innerText()).trim()).toBe("Sandbox Lease")
        await widget.getByTestId("rf-actions").waitFor({ state: "attached" })
        expect(await widget.getByTestId("rf-send-delivery").isVisible()).toBe(true)
      })

      await withScreenshotOnFailure(dashboard, "order-widget-plain", async () => {
        const lookup = financingLookup(dashboard, plain.id)
        await openOrder(dashboard, plain.id, plain.displayId)
        const answer = await lookup
        // "Not financed" is an answer, not a failure: a 404 or an empty one, never a server error.
        expect([200, 404]).toContain(answer.status())
        // The widget renders after that answer; give React its turn before looking.
        await dashboard.page.waitForLoadState("networkidle")
        expect(await widget.count()).toBe(0)
        expect(await dashboard.page.getByTestId("rf-load-error").count()).toBe(0)
        // The dashboard's own order page is all there.
        expect(
          await dashboard.page.getByRole("heading", { name: `#${plain.displayId}`, exact: true }).count()
        ).toBe(1)
      })
    })

    it("sends a fulfilled order's delivery information when the merchant clicks, and shows it succeeded", async () => {
      const financed = await placeFinancedOrder()
      await fulfillEverything(financed.id)
      const dashboard = await loggedInAdmin()
      const widget = dashboard.page.getByTestId("retail-financing-widget")
      const deliveryRows = widget.locator('[data-testid="rf-action"][data-kind="delivery"]')

      await withScreenshotOnFailure(dashboard, "order-widget-delivery", async () => {
        await openOrder(dashboard, financed.id, financed.displayId)
        await widget.getByTestId("rf-actions").waitFor({ state: "attached" })
        // Nothing has asked for the delivery information yet: the click below is the only cause.
        expect(await deliveryRows.count()).toBe(0)

        const posted = dashboard.page.waitForResponse(
          (response) =>
            response.request().method() === "POST" &&
            new URL(response.url()).pathname === `/admin/retail-financing/orders/${financed.id}/delivery`
        )
        await widget.getByTestId("rf-send-delivery").click()
        expect((await posted).status()).toBe(200)

        await widget
          .locator('[data-testid="rf-action"][data-kind="delivery"][data-state="succeeded"]')
          .waitFor({ timeout: 30_000 })
        expect(await deliveryRows.count()).toBe(1)
      })

      // What the click sent is what the service received: the fulfillment's address, shipped by a carrier.
      const application = (await sandboxApplication(financing.sandbox, financed.publicId)) as Awaited<
        ReturnType<typeof sandboxApplication>
      > & { deliveries?: { method?: string; address: string; city: string; zip: string }[] }
      expect(application.deliveries).toEqual([
        expect.objectContaining({ method: "Shipped", address: "1 Main St", city: "Austin", zip: "78701" }),
      ])
    })
  },
})
