import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Locator } from "playwright-core"

import {
  actionsOf,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"
import {
  ADMIN_PATH,
  type AdminSession,
  logIn,
  openAdmin,
  withScreenshotOnFailure,
  useDashboardBrowser,
} from "./admin-browser"

/*
 * The plugin's two admin pages in the real Medusa dashboard, in Chromium, against the plugin's routes and
 * the sandbox, on one booted app: the Retail financing page of the main sidebar (every application with its
 * status label, order and what needs attention; the needs-attention filter; search by public id and by phone,
 * each leading to the order) and Settings > Extensions > Retail financing, whose Test connection must report
 * a service that answers 503 to everything as failing.
 */

jest.setTimeout(180_000)

const browser = useDashboardBrowser()

financingIntegrationSuite({
  seed: "checkout",
  // The dashboard logs in as this user too: it is in the snapshot every test starts from.
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

    async function displayIdOf(orderId: string): Promise<number> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [order],
      } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: orderId } })
      return Number(order.display_id)
    }

    /** A financed order; with `failed`, its first action failed at the service (written on the ledger). */
    async function financedOrder(phone: string, { failed = false } = {}) {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone },
      })
      if (failed) {
        const [action] = await actionsOf(getContainer(), placed.orderId)
        await financingLedger(getContainer()).updateFinancingActions({
          id: action!.id,
          state: "failed",
          last_error: "the service answered 409",
          next_attempt_at: new Date(Date.now() + 3_600_000),
        })
      }
      return { ...placed, displayId: await displayIdOf(placed.orderId) }
    }

    /** The table's rows, by the application cell each has. */
    const rowsOf = (page: AdminSession["page"]): Locator =>
      page.locator("tbody tr").filter({ has: page.getByTestId("rf-app-row") })

    async function rowCount(page: AdminSession["page"], expected: number): Promise<void> {
      await eventually(async () => {
        const count = await rowsOf(page).count()
        if (count !== expected) throw new Error(`the table shows ${count} applications, not ${expected}`)
      }, 15_000)
    }

    async function choose(page: AdminSession["page"], trigger: string, option: string): Promise<void> {
      await page.getByTestId(trigger).click()
      await page.getByRole("option", { name: option, exact: true }).click()
    }

    it("lists the store's applications with labels, filters those needing attention, acts on them, and leads from a search to the order", async () => {
      // A contract without an order whose exception is open (how it arises is the checkout specs' business).
      const { publicId: exceptionId } = await startFinancedCart(api, seed)
      const ledger = financingLedger(getContainer())
      const [withException] = await ledger.listFinancingApplications({ public_id: exceptionId })
      expect(await ledger.ledger.openException(withException!.id, "cart_changed")).toBe(true)
      const calm = await financedOrder("512-555-0141")
      const failed = await financedOrder("512-555-0142", { failed: true })
      const { publicId: pendingId } = await startFinancedCart(api, seed)
      const dashboard = await loggedInAdmin()
      const { page } = dashboard

      await withScreenshotOnFailure(dashboard, "applications-list", async () => {
        // The page is in the main sidebar, where Medusa puts a plugin's top-level route.
        await page.getByRole("link", { name: "Retail financing", exact: true }).first().click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/retail-financing`)
        await rowCount(page, 4)
        const rows = rowsOf(page)

        // Newest first: the pending application, the two orders, the contract without an order.
        expect(await rows.getByTestId("rf-app-public-id").allInnerTexts()).toEqual([
          pendingId,
          failed.publicId,
          calm.publicId,
          exceptionId,
        ])
        // Human labels, never the service's codes.
        expect(await rows.getByTestId("rf-app-status").allInnerTexts()).toEqual([
          "Waiting for the shopper",
          "Signed, invoice needed",
          "Signed, invoice needed",
          "Waiting for the shopper",
        ])
        const calmRow = rows.nth(2)
        expect(await calmRow.getByTestId("rf-app-order").innerText()).toBe(`#${calm.displayId}`)
        expect(await calmRow.getByTestId("rf-app-customer").innerText()).toContain("Jordan Rivera")
        expect(await calmRow.getByTestId("rf-app-last-action").innerText()).toContain("Order number sent")
        expect(await calmRow.getByTestId("rf-app-attention").getAttribute("data-needs-attention")).toBe(
          "false"
        )
        const failedRow = rows.nth(1)
        expect(await failedRow.getByTestId("rf-app-attention").getAttribute("data-needs-attention")).toBe(
          "true"
        )
        expect(await failedRow.getByTestId("rf-app-attention").innerText()).toContain("Needs attention")
        // The phone is the shopper's: never in the list.
        expect(await page.getByTestId("rf-applications").innerText()).not.toContain("512-555-014")

        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-applications.png` })
        }

        await choose(page, "rf-filter-attention", "Needs attention")
        await rowCount(page, 2)
        expect(await rowsOf(page).getByTestId("rf-app-public-id").allInnerTexts()).toEqual([
          failed.publicId,
          exceptionId,
        ])
        expect(await rowsOf(page).nth(1).getByTestId("rf-app-attention").innerText()).toContain(
          "items or total changed"
        )
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-applications-attention.png` })
        }

        // Retry from the row's menu: the order widget's route, after which the order needs nothing more.
        const posted = (pattern: RegExp) =>
          page.waitForResponse(
            (response) =>
              response.request().method() === "POST" && pattern.test(new URL(response.url()).pathname)
          )
        const retried = posted(/^\/admin\/retail-financing\/actions\/[^/]+\/retry$/)
        await rowsOf(page).nth(0).locator("td").last().getByRole("button").click()
        await page.getByRole("menuitem", { name: /^Retry: / }).click()
        expect((await retried).status()).toBe(200)
        await rowCount(page, 1)

        // Mark the exception resolved: asked first, then the same route as before.
        const resolved = posted(
          new RegExp(`^/admin/retail-financing/applications/${withException!.id}/resolve$`)
        )
        await rowsOf(page).nth(0).locator("td").last().getByRole("button").click()
        await page.getByRole("menuitem", { name: "Mark resolved" }).click()
        await page.getByRole("alertdialog").getByRole("button", { name: "Mark resolved" }).click()
        expect((await resolved).status()).toBe(200)
        await rowCount(page, 0)

        await choose(page, "rf-filter-attention", "All applications")
        await rowCount(page, 4)
      })

      await withScreenshotOnFailure(dashboard, "applications-search", async () => {
        const search = page.getByTestId("rf-applications-search")
        await search.fill(calm.publicId)
        await rowCount(page, 1)
        expect(await rowsOf(page).getByTestId("rf-app-public-id").innerText()).toBe(calm.publicId)
        await rowsOf(page).getByTestId("rf-app-order").click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/orders/${calm.orderId}`)
        await page
          .getByRole("heading", { name: `#${calm.displayId}`, exact: true })
          .first()
          .waitFor()
      })

      await withScreenshotOnFailure(dashboard, "applications-phone", async () => {
        // By phone: asked of the service (the store keeps no phone), then linked to the store's order.
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/retail-financing`)
        await rowCount(page, 4)
        await page.getByTestId("rf-applications-search").fill("(512) 555-0142")
        const result = page.getByTestId("rf-phone-result")
        await result.getByTestId("rf-phone-public-id").waitFor()
        expect(await result.getByTestId("rf-phone-public-id").innerText()).toBe(failed.publicId)
        await rowCount(page, 1)
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-applications-phone.png` })
        }
        await result.getByTestId("rf-phone-order").click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/orders/${failed.orderId}`)
      })
    })

    it("Test connection reports a service answering 503 as failing, in plain words", async () => {
      const dashboard = await loggedInAdmin()
      const { page } = dashboard
      const connection = page.getByTestId("rf-connection")

      await withScreenshotOnFailure(dashboard, "settings-connection", async () => {
        // Settings > Extensions > Retail financing, through the settings sidebar as a merchant finds it.
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/settings`)
        await page.getByRole("link", { name: "Retail financing", exact: true }).click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/settings/retail-financing`)
        await connection.locator('[data-state="ok"]').waitFor()
        expect(await connection.innerText()).toContain("Working")

        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        try {
          await page.getByTestId("rf-test-connection").click()
          await connection.locator('[data-state="failing"]').waitFor()
          expect(await connection.getByTestId("rf-connection-message").innerText()).toBe(
            "The financing service is failing: it answered 503 (Service Unavailable) to the sign-in (a new token)."
          )
          expect(await connection.innerText()).toContain("Failing")
          expect(await connection.getByTestId("rf-connection-latency").innerText()).toMatch(
            /^Failed in \d+ ms/
          )
          if (process.env.SCREENSHOT_DIR) {
            await page.screenshot({
              path: `${process.env.SCREENSHOT_DIR}/admin-settings-failing.png`,
              fullPage: true,
            })
          }
        } finally {
          await setSandboxFaults(financing.sandbox, { errorRate: 0 })
        }

        // The service is back: the next test says so.
        await page.getByTestId("rf-test-connection").click()
        await connection.locator('[data-state="ok"]').waitFor()
        if (process.env.SCREENSHOT_DIR) {
          await page.setViewportSize({ width: 1440, height: 1800 })
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-settings.png` })
        }
      })
    })
  },
})
