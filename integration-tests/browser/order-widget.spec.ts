import type { HttpTypes } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Locator } from "playwright-core"

import {
  SYSTEM_PAYMENT_PROVIDER_ID,
  createCheckoutCart,
  createPaymentCollection,
  eventually,
  financingIntegrationSuite,
  moveApplication,
  orderIdsOfCart,
  placeFinancedOrder as placeFinancedOrderIn,
  sandboxApplication,
} from "../helpers"
import {
  type AdminSession,
  logIn,
  openAdmin,
  openOrder,
  withScreenshotOnFailure,
  useDashboardBrowser,
} from "./admin-browser"
import {
  capturePaymentInDashboard,
  createFulfillmentInDashboard,
  markShippedInDashboard,
} from "./dashboard-order"
import type { OrderFinancingResponse } from "../../src/domain/admin-api/types"
import { formatMoney } from "../../src/admin/lib/format"
import { POLL_FAST_MS } from "../../src/admin/lib/order-financing-refresh"

/*
 * The order widget (src/admin/widgets/order-financing-widget.tsx) in the real Medusa dashboard, in Chromium,
 * against the plugin's real admin routes and the sandbox: what a merchant sees on a financed order and on
 * one paid another way, and what one click sends to the financing service. The storefront's "as low as"
 * element is tested here too, on the same booted app, rather than paying for a boot of its own.
 */

/** The origin medusa-config.ts allows for store CORS: the element test's storefront pretends to be it. */
const STOREFRONT_ORIGIN = "http://localhost:8000"

jest.setTimeout(120_000)

const browser = useDashboardBrowser()

type PlacedOrder = { id: string; displayId: number; cartId: string }
type FinancedOrder = PlacedOrder & { publicId: string }

financingIntegrationSuite({
  seed: "checkout",
  // The dashboard logs in as this user too: it is in the snapshot every test starts from.
  admin: true,
  // The key the storefront element's page asks the store route with.
  storefront: true,
  testSuite: ({ api, getContainer, financing, seed, adminHeaders, storefront }) => {
    let session: AdminSession | undefined

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
      const placed = await placeFinancedOrderIn(api, getContainer(), seed, financing)
      return { ...(await orderOf(placed.cartId)), publicId: placed.publicId }
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
      session = await openAdmin(browser(), financing.backendUrl)
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

    /** Counts the widgets' reads of the order's financing from now on. */
    function countFinancingReads(dashboard: AdminSession, orderId: string): () => number {
      let reads = 0
      dashboard.page.on("request", (request) => {
        if (
          request.method() === "GET" &&
          new URL(request.url()).pathname === `/admin/retail-financing/orders/${orderId}`
        ) {
          reads += 1
        }
      })
      return () => reads
    }

    /** Internal keys and ids the merchant must not read outside a "Details" disclosure. */
    const INTERNAL_TEXT =
      /order_references:|merchant_return|\b(order|ful|rfact|paycol|pay)_[0-9A-Z]{8}|SignedWaiting|Answer from the financing service/

    /** The text a merchant reads in an element, "Details" disclosures closed (they are closed unless opened). */
    const visibleText = async (element: Locator) => (await element.innerText()).replace(/\s+/g, " ")

    /** The dashboard scrolls its own pane, not the window: a viewport taller than the page shows all of it. */
    async function screenshot(dashboard: AdminSession, name: string, element?: Locator) {
      if (!process.env.SCREENSHOT_DIR) return
      await dashboard.page.setViewportSize({ width: 1440, height: 3200 })
      const file = `${process.env.SCREENSHOT_DIR}/${name}.png`
      if (element) {
        await element.scrollIntoViewIfNeeded()
        await element.screenshot({ path: file })
      } else {
        await dashboard.page.screenshot({ path: file, fullPage: true })
      }
      await dashboard.page.setViewportSize({ width: 1440, height: 1000 })
    }

    it("shows a financed order's status in words with a card in the side column, and nothing on an order paid another way", async () => {
      const financed = await placeFinancedOrder()
      const plain = await placeSystemOrder()
      const dashboard = await loggedInAdmin()
      const widget = dashboard.page.getByTestId("retail-financing-widget")
      const card = dashboard.page.getByTestId("retail-financing-status")

      await withScreenshotOnFailure(dashboard, "order-widget-financed", async () => {
        await openOrder(dashboard, financed.id, financed.displayId)
        await widget.waitFor()
        await card.waitFor()
        expect(await widget.count()).toBe(1)
        expect((await widget.getByTestId("rf-application-status").innerText()).trim()).toBe(
          "Signed, invoice needed"
        )
        expect((await card.getByTestId("rf-card-status").innerText()).trim()).toBe("Signed, invoice needed")
        // The card tells the merchant what the lender waits for: with no fulfillment yet, to create one.
        expect(await visibleText(card.getByTestId("rf-attention"))).toContain(
          "it is sent when you create a fulfillment"
        )
        // The sandbox's first partner for a store; the service names it in the signed callback.
        expect((await widget.getByTestId("rf-partner").innerText()).trim()).toBe("Sandbox Lease")
        // An online order's in-store payment is explained where it is shown.
        expect(await visibleText(widget)).toContain(
          "The lender calls it the in-store payment on online orders too."
        )
        await widget.getByTestId("rf-actions").waitFor({ state: "attached" })
        // No fulfillment, so no delivery information to send: the button says why it waits.
        expect(await widget.getByTestId("rf-send-delivery").isDisabled()).toBe(true)
        expect(await widget.getByTestId("rf-send-delivery-hint").isVisible()).toBe(true)
        // The order references as the merchant reads them: the order's number and why, no keys or ids.
        const references = widget.locator('[data-testid="rf-action"][data-kind="order_references"]')
        expect(await references.getByTestId("rf-action-what").innerText()).toBe(
          `Order #${financed.displayId}`
        )
        // The status history holds what the ledger read, from the application's creation on.
        await widget.getByTestId("rf-status-history-toggle").click()
        const entries = await widget.getByTestId("rf-status-history").locator("li").all()
        const statuses = await Promise.all(entries.map((entry) => entry.getAttribute("data-status")))
        expect(statuses).toEqual(["SignedWaitingForInvoice", "Pending"])
        expect(await visibleText(widget)).not.toMatch(INTERNAL_TEXT)
        expect(await visibleText(card)).not.toMatch(INTERNAL_TEXT)
        // The raw keys are one click away, for support.
        await references.getByRole("button", { name: "Details" }).click()
        expect(await visibleText(references.getByTestId("rf-action-details"))).toContain(
          `order_references:${financed.id}`
        )
        // The merchant's own invoice replaces the generated one unless the merchant asks for both.
        const keepGenerated = widget.getByTestId("rf-keep-generated")
        expect(await keepGenerated.getAttribute("aria-checked")).toBe("false")
        await widget.getByText("Also send the generated invoice", { exact: true }).click()
        expect(await keepGenerated.getAttribute("aria-checked")).toBe("true")

        // Nothing is in flight (the order references are sent, the lender waits for the store): no polling.
        const reads = countFinancingReads(dashboard, financed.id)
        await dashboard.page.waitForTimeout(POLL_FAST_MS + 500)
        expect(reads()).toBe(0)
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
        expect(await card.count()).toBe(0)
        expect(await dashboard.page.getByTestId("rf-load-error").count()).toBe(0)
        // The dashboard's own order page is all there.
        expect(
          await dashboard.page.getByRole("heading", { name: `#${plain.displayId}`, exact: true }).count()
        ).toBe(1)
      })
    })

    it("follows Medusa's own fulfillment and shipment without a reload, and Capture payment says what the lender waits for", async () => {
      const financed = await placeFinancedOrder()
      const dashboard = await loggedInAdmin()
      const { page } = dashboard
      const widget = page.getByTestId("retail-financing-widget")
      const card = page.getByTestId("retail-financing-status")
      const actions = (kind: string, state?: string) =>
        widget.locator(
          `[data-testid="rf-action"][data-kind="${kind}"]${state ? `[data-state="${state}"]` : ""}`
        )
      const orderPath = `/app/orders/${financed.id}`

      await withScreenshotOnFailure(dashboard, "order-widget-live", async () => {
        await openOrder(dashboard, financed.id, financed.displayId)
        await widget.getByTestId("rf-actions").waitFor({ state: "attached" })
        expect(await actions("invoice").count()).toBe(0)
        await screenshot(dashboard, "order-page-financed")
        // Kept by the page until it reloads: proof that what follows happened in the same page.
        await page.evaluate("window.__retailFinancingSamePage = true")

        // Medusa's own "Fulfill items": the plugin sends the invoice, the lender reviews and accepts it.
        await createFulfillmentInDashboard(page, orderPath)
        await actions("invoice", "succeeded").waitFor({ timeout: 30_000 })
        await card.getByText("Signed, awaiting funding", { exact: true }).waitFor({ timeout: 30_000 })
        expect(await widget.getByTestId("rf-send-delivery").isDisabled()).toBe(false)
        expect(await actions("delivery").count()).toBe(0)
        expect(await visibleText(card.getByTestId("rf-attention"))).toContain(
          "Mark the fulfillment as shipped"
        )

        // Medusa's own "Mark as shipped": the delivery information goes to the lender by itself.
        await markShippedInDashboard(page, orderPath)
        await actions("delivery", "succeeded").waitFor({ timeout: 30_000 })
        expect(await actions("delivery").getByTestId("rf-action-what").innerText()).toBe(
          "Address and tracking of Fulfillment #1"
        )
        await card.getByText("The lender has what it needs and pays the store next.").waitFor()
        expect(await visibleText(widget)).not.toMatch(INTERNAL_TEXT)
        await screenshot(dashboard, "order-status-card", card)
        await screenshot(dashboard, "order-widget-details", widget)

        // Medusa's own "Capture payment" before funding: refused, in words, with what the lender waits for.
        const capture = await capturePaymentInDashboard(page)
        expect(capture.status).toBe(400)
        const said = await visibleText(capture.toast)
        expect(said).toBe(capture.message)
        expect(said).toContain("captured by itself when the lender funds the financing contract")
        expect(said).toContain("accepted the invoice and funds once it has the delivery information")
        expect(said).not.toMatch(INTERNAL_TEXT)
        await screenshot(dashboard, "capture-payment-refused", capture.toast)
        // Out of the way of what follows.
        await capture.toast.getByRole("button").first().click()
        await capture.toast.waitFor({ state: "detached" })

        // A partial return asked from the widget: the drawer explains each type; the row shows the reason.
        await widget.getByTestId("rf-request-return").click()
        const drawer = page.getByTestId("rf-return-form")
        await drawer.waitFor()
        expect(await visibleText(drawer)).toContain("No money goes back: the lender redraws the contract")
        await drawer.getByTestId("rf-return-type-partial").click()
        await drawer.getByTestId("rf-return-amount").fill("10")
        await drawer.getByTestId("rf-return-reason").click()
        await page.getByRole("option", { name: "Price adjustment" }).click()
        await drawer.getByTestId("rf-return-note").fill("Scratched leg")
        await screenshot(dashboard, "order-widget-return-drawer", drawer)
        await drawer.getByTestId("rf-return-submit").click()
        await drawer.waitFor({ state: "detached" })
        const returned = actions("return")
        await returned.waitFor()
        expect(await returned.getByTestId("rf-action-what").innerText()).toBe("Partial return of $10.00")
        expect(await returned.getByTestId("rf-action-reason").innerText()).toBe(
          "Reason: Price adjustment (Scratched leg)"
        )
        expect(await visibleText(widget)).not.toMatch(INTERNAL_TEXT)

        expect(await page.evaluate("window.__retailFinancingSamePage === true")).toBe(true)
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

      // The lender funds the contract: the widget's Money section shows what the lender paid, as the service has it.
      await moveApplication(financing.sandbox, financed.publicId, "Funded")
      const lenderPaid = await eventually(async () => {
        const { data } = await api.get<OrderFinancingResponse>(
          `/admin/retail-financing/orders/${financed.id}`,
          adminHeaders
        )
        const paid = data.financing?.books.lender_paid
        if (paid === null || paid === undefined) throw new Error("the ledger has no lender's payment yet")
        return paid
      }, 30_000)
      const funded = (await sandboxApplication(financing.sandbox, financed.publicId)) as unknown as {
        funding: { amount: number } | null
      }
      expect(lenderPaid).toBe(funded.funding?.amount)

      await withScreenshotOnFailure(dashboard, "order-widget-funded", async () => {
        await dashboard.page.reload()
        const books = widget.getByTestId("retail-financing-books")
        await books.waitFor()
        expect((await books.getByTestId("rf-lender-paid").innerText()).trim()).toBe(formatMoney(lenderPaid))
        // For a person to look at the widget as a merchant sees it.
        if (process.env.SCREENSHOT_DIR) {
          // The dashboard scrolls its own pane, not the window: a viewport taller than the widget shows all of it.
          await dashboard.page.setViewportSize({ width: 1280, height: 2600 })
          await widget.scrollIntoViewIfNeeded()
          await widget.screenshot({ path: `${process.env.SCREENSHOT_DIR}/order-widget-funded.png` })
        }
      })
    })

    describe("<retail-financing-as-low-as> in Chromium", () => {
      it("loads from the plugin's script route and renders the offer from the store route", async () => {
        const backend = financing.backendUrl
        const key = storefront.headers["x-publishable-api-key"]
        // The page below is answered by the test, not by a server on loopback, so Chromium counts it as
        // public and would refuse its requests to the app on 127.0.0.1 (local network access) without this.
        const context = await browser().newContext({ permissions: ["local-network-access"] })
        try {
          const page = await context.newPage()
          // A product page on the storefront origin store CORS allows; the script and the API are the app's.
          await page.route(`${STOREFRONT_ORIGIN}/**`, (route) =>
            route.fulfill({
              contentType: "text/html",
              body: `<!doctype html><meta charset="utf-8"><title>Sofa</title>
                <script type="module" src="${backend}/retail-financing/as-low-as.js"></script>
                <h1>Sofa</h1>
                <retail-financing-as-low-as amount="1299.99" backend-url="${backend}" publishable-key="${key}"
                  style="--retail-financing-accent: rgb(200, 0, 0)"></retail-financing-as-low-as>`,
            })
          )
          await page.goto(`${STOREFRONT_ORIGIN}/products/sofa`)

          const element = page.locator("retail-financing-as-low-as")
          await element.locator('[part="message"]').waitFor()
          expect(await element.locator('[part="message"]').textContent()).toBe(
            "As low as $173.34/mo for 12 months with Sandbox Lease"
          )
          expect(await element.locator('[part="disclaimer"]').textContent()).toContain("Sandbox offer")
          // Theming through a custom property reaches into the shadow root. (Page code is written as
          // expressions in strings: this project's test types have no DOM library.)
          const host = `document.querySelector("retail-financing-as-low-as")`
          const payment = `${host}.shadowRoot.querySelector('[part="payment"]')`
          expect(await page.evaluate(`getComputedStyle(${payment}).color`)).toBe("rgb(200, 0, 0)")

          // A cart update: below the minimum, the message goes away.
          await page.evaluate(`${host}.setAttribute("amount", "50.00")`)
          await element.locator('[part="message"]').waitFor({ state: "detached" })
          // And back within the range, a new offer.
          await page.evaluate(`${host}.setAttribute("amount", "2400.00")`)
          await page.waitForFunction(`${payment}?.textContent === "$320.00/mo"`, undefined, {
            timeout: 10_000,
          })
        } finally {
          await context.close()
        }
      })
    })
  },
})
