import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { financingIntegrationSuite, financingLedger, placeFinancedOrder, startFinancedCart } from "../helpers"
import {
  ADMIN_PATH,
  type AdminSession,
  WIDGET_TEST_ID,
  logIn,
  openAdmin,
  openOrder,
  useDashboardBrowser,
  withScreenshotOnFailure,
} from "./admin-browser"

/*
 * Issue 23, in the real dashboard: a row of the applications page opens a drawer with the whole reason, the
 * cart's customer (a contract exception has no order), the service's application number and the history;
 * the return drawer shows the most a partial return can ask and marks the amount field when it is exceeded.
 */

jest.setTimeout(180_000)

const browser = useDashboardBrowser()

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    let session: AdminSession | undefined

    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    async function loggedInAdmin(): Promise<AdminSession> {
      session = await openAdmin(browser(), financing.backendUrl)
      await withScreenshotOnFailure(session, "admin-login", () => logIn(session!))
      return session
    }

    const shot = async (dashboard: AdminSession, name: string) => {
      if (process.env.SCREENSHOT_DIR) {
        await dashboard.page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` })
      }
    }

    it("opens a row's drawer with the whole reason, the cart's customer and the application number", async () => {
      const { publicId } = await startFinancedCart(api, seed)
      const ledger = financingLedger(getContainer())
      const [application] = await ledger.listFinancingApplications({ public_id: publicId })
      expect(await ledger.ledger.openException(application!.id, "cart_changed")).toBe(true)
      await ledger.updateFinancingApplications({ id: application!.id, application_number: 4711 })
      const dashboard = await loggedInAdmin()
      const { page } = dashboard

      await withScreenshotOnFailure(dashboard, "applications-drawer", async () => {
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/retail-financing`)
        const row = page.locator("tbody tr").filter({ has: page.getByTestId("rf-app-row") })
        await row.first().waitFor()
        expect(await row.getByTestId("rf-app-number").innerText()).toBe("No. 4711")
        expect(await row.getByTestId("rf-app-customer").innerText()).toContain("Jordan Rivera")

        await row.getByTestId("rf-app-attention").click()
        const drawer = page.getByTestId("rf-app-drawer")
        await drawer.waitFor()
        const reason = await drawer.getByTestId("rf-app-drawer-attention").innerText()
        // The whole reason, not two lines of it: it ends with what to do.
        expect(reason).toContain("then mark it resolved.")
        expect(await drawer.getByTestId("rf-app-drawer-number").innerText()).toBe("4711")
        expect(await drawer.getByTestId("rf-app-drawer-customer").innerText()).toContain("Jordan Rivera")
        expect(await drawer.getByTestId("rf-app-drawer-customer").innerText()).toContain("from the cart")
        expect(await drawer.getByRole("button", { name: "Mark resolved" }).count()).toBe(1)
        await shot(dashboard, "applications-drawer")
      })
    })

    it("shows the most a partial return can ask and marks the amount when it is exceeded", async () => {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
      })
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [order],
      } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: placed.orderId } })
      const dashboard = await loggedInAdmin()
      const { page } = dashboard

      await withScreenshotOnFailure(dashboard, "return-drawer-maximum", async () => {
        await openOrder(dashboard, placed.orderId, Number(order.display_id))
        const widget = page.getByTestId(WIDGET_TEST_ID)
        await widget.getByTestId("rf-request-return").click()
        const drawer = page.getByTestId("rf-return-form")
        await drawer.waitFor()
        await drawer.getByTestId("rf-return-type-partial").click()
        const max = await drawer.getByTestId("rf-return-amount-max").innerText()
        expect(max).toMatch(/^At most \$[\d,]+\.\d\d: the part of the contract not yet returned\.$/)
        await drawer.getByTestId("rf-return-amount").fill("500000")
        await drawer.getByTestId("rf-return-submit").click()
        const error = drawer.getByTestId("rf-return-amount-error")
        await error.waitFor()
        expect(await error.innerText()).toMatch(
          /^The amount can be at most \$[\d,]+\.\d\d, the part of the contract/
        )
        expect(await drawer.getByTestId("rf-return-amount").getAttribute("aria-invalid")).toBe("true")
        await shot(dashboard, "return-drawer-maximum")
      })
    })

    it("offers an unsigned application's link to finish and says how long it has waited", async () => {
      const unsigned = await startFinancedCart(api, seed)
      const dashboard = await loggedInAdmin()
      const { page } = dashboard
      await dashboard.context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: financing.backendUrl,
      })

      await withScreenshotOnFailure(dashboard, "applications-copy-link", async () => {
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/retail-financing`)
        const row = page.locator("tbody tr").filter({ has: page.getByTestId("rf-app-row") })
        await row.first().waitFor()
        expect(await row.getByTestId("rf-app-waiting").innerText()).toBe("Waited less than a minute")
        await row.getByRole("button").last().click()
        await page.getByRole("menuitem", { name: "Copy link to finish" }).click()
        await page.getByText("Link copied: send it to the shopper to finish the application.").waitFor()
        expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(unsigned.session.data.link)
        await shot(dashboard, "applications-copy-link")
      })
    })
  },
})
