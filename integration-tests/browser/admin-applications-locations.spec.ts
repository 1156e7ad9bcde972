import type { Locator } from "playwright-core"

import { type CheckoutSeed, eventually, financingIntegrationSuite, startFinancedCart } from "../helpers"
import {
  PILLOWS,
  WEST,
  WEST_CHANNEL_NAME,
  WEST_PARTNER,
  westShowroomSuiteOptions,
  westStorefront,
} from "../helpers/west-showroom"
import {
  ADMIN_PATH,
  type AdminSession,
  logIn,
  openAdmin,
  useDashboardBrowser,
  withScreenshotOnFailure,
} from "./admin-browser"

/*
 * The admin of a store with two store codes (the top-level one and the west showroom's, with its own
 * credentials, partners, limit and sales channel: helpers/west-showroom.ts), in the real dashboard: the
 * settings page shows each store code with its own partners and its own Test connection, and the
 * applications page each application's store code with a filter by it. A store with one store code sees
 * neither (admin-applications.spec.ts, unchanged).
 */

jest.setTimeout(180_000)

const browser = useDashboardBrowser()

const CONNECTION_ROUTE = "/admin/retail-financing/settings/connection"

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  ...westShowroomSuiteOptions(),
  testSuite: ({ api, getContainer, financing, seed }) => {
    let session: AdminSession | undefined

    /** The seed's store as the west showroom's storefront sees it: its own publishable key and channel. */
    const west = {} as CheckoutSeed
    beforeAll(async () => {
      Object.assign(west, { ...seed, headers: await westStorefront(getContainer(), seed) })
    })

    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    async function loggedInAdmin(): Promise<AdminSession> {
      session = await openAdmin(browser(), financing.backendUrl)
      await withScreenshotOnFailure(session, "admin-login", () => logIn(session!))
      return session
    }

    const locationOf = (page: AdminSession["page"], storeCode: string): Locator =>
      page.locator(`[data-testid="rf-location"][data-store-code="${storeCode}"]`)

    const rowsOf = (page: AdminSession["page"]): Locator =>
      page.locator("tbody tr").filter({ has: page.getByTestId("rf-app-row") })

    async function shownPublicIds(page: AdminSession["page"], expected: string[]): Promise<void> {
      await eventually(async () => {
        const shown = await rowsOf(page).getByTestId("rf-app-public-id").allInnerTexts()
        if (JSON.stringify(shown) !== JSON.stringify(expected)) {
          throw new Error(`the table shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`)
        }
      }, 15_000)
    }

    /** A filter of the applications list (the Payouts section below it has filters of its own). */
    async function choose(page: AdminSession["page"], trigger: string, option: string): Promise<void> {
      await page.getByTestId("rf-applications").getByTestId(trigger).click()
      await page.getByRole("option", { name: option, exact: true }).click()
    }

    it("shows each store code with its sales channels, limits, sign-in, partners and its own connection test", async () => {
      const dashboard = await loggedInAdmin()
      const { page } = dashboard
      // Which store code each connection test the page asks for is of ("" for the route's default).
      const tested: string[] = []
      page.on("request", (request) => {
        const url = new URL(request.url())
        if (url.pathname === CONNECTION_ROUTE) tested.push(url.searchParams.get("store_code") ?? "")
      })

      await withScreenshotOnFailure(dashboard, "settings-locations", async () => {
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/settings/retail-financing`)
        const top = locationOf(page, "TEST-STORE")
        const westShowroom = locationOf(page, WEST.storeCode)
        await top.getByTestId("rf-connection").locator('[data-state="ok"]').waitFor()
        await westShowroom.getByTestId("rf-connection").locator('[data-state="ok"]').waitFor()
        const sections = await page.getByTestId("rf-location").all()
        expect(await Promise.all(sections.map((section) => section.getAttribute("data-store-code")))).toEqual(
          ["TEST-STORE", WEST.storeCode]
        )

        expect(await top.getByTestId("rf-location-channels").innerText()).toBe("Every other sales channel")
        expect(await top.getByTestId("rf-location-limits").innerText()).toBe("$100.00 to $5,000.00")
        expect(await top.getByTestId("rf-location-sign-in").innerText()).toBe(
          "The top-level username and password"
        )
        // The channel's name, read from the dashboard's sales channels (its id until they answer).
        await eventually(async () => {
          const channels = await westShowroom.getByTestId("rf-location-channels").innerText()
          if (channels !== WEST_CHANNEL_NAME) throw new Error(`the west channels read ${channels}`)
        }, 15_000)
        expect(await westShowroom.getByTestId("rf-location-limits").innerText()).toBe("$100.00 to $1,000.00")
        expect(await westShowroom.getByTestId("rf-location-sign-in").innerText()).toBe(
          "Its own username and password"
        )

        // Each store code's own partners: the sandbox names the top-level store's, the west account has one.
        const partnersText = async (location: Locator) =>
          (await location.getByTestId("rf-partners").locator("tbody tr").allInnerTexts()).join("\n")
        expect(await partnersText(top)).toContain("Sandbox Lease")
        expect(await partnersText(top)).not.toContain(WEST_PARTNER.displayName)
        const westPartners = await partnersText(westShowroom)
        expect(westPartners).toContain(WEST_PARTNER.displayName)
        expect(westPartners).toContain(WEST_PARTNER.code)
        expect(westPartners).toContain("Sacramento, CA")
        expect(westPartners).not.toContain("Sandbox Lease")

        // One test per store code when the page opens: the top-level one asked once, though its section
        // replaced the one-store section once the settings said there were two.
        expect([...tested].sort()).toEqual(["", WEST.storeCode])
        // Never a credential on the page.
        const pageText = await page.locator("body").innerText()
        expect(pageText).not.toContain(WEST.password)
        expect(pageText).not.toContain(WEST.username)

        if (process.env.SCREENSHOT_DIR) {
          await page.setViewportSize({ width: 1440, height: 2600 })
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-settings-locations.png` })
          await page.setViewportSize({ width: 1440, height: 1000 })
        }

        // The west showroom's button tests the west account: a new token signed in as its user.
        const from = financing.serviceRequests.log.length
        const answered = page.waitForResponse(
          (response) => new URL(response.url()).searchParams.get("store_code") === WEST.storeCode
        )
        await westShowroom.getByTestId("rf-test-connection").click()
        expect((await answered).status()).toBe(200)
        await westShowroom.getByTestId("rf-connection").locator('[data-state="ok"]').waitFor()
        const signIns = financing.serviceRequests.log
          .slice(from)
          .filter((entry) => entry.path === "/v2/token")
          .map((entry) => financing.serviceRequests.callerOf(entry))
        expect(signIns).toEqual([`user:${WEST.username}`])
        expect(tested).toHaveLength(3)
      })
    })

    it("shows each application's store code on the applications page and filters by it", async () => {
      const { publicId: westId } = await startFinancedCart(api, west, PILLOWS)
      const { publicId: mainId } = await startFinancedCart(api, seed, PILLOWS)
      const dashboard = await loggedInAdmin()
      const { page } = dashboard

      await withScreenshotOnFailure(dashboard, "applications-locations", async () => {
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/retail-financing`)
        await shownPublicIds(page, [mainId, westId])
        // The column comes with the settings' locations, a moment after the rows.
        await eventually(async () => {
          const stores = await rowsOf(page).getByTestId("rf-app-store").allInnerTexts()
          if (JSON.stringify(stores) !== JSON.stringify(["TEST-STORE", WEST.storeCode])) {
            throw new Error(`the store column reads ${JSON.stringify(stores)}`)
          }
        }, 15_000)
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-applications-locations.png` })
        }

        await choose(page, "rf-filter-store", WEST.storeCode)
        await shownPublicIds(page, [westId])
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({
            path: `${process.env.SCREENSHOT_DIR}/admin-applications-locations-west.png`,
          })
        }
        await choose(page, "rf-filter-store", "TEST-STORE")
        await shownPublicIds(page, [mainId])
        await choose(page, "rf-filter-store", "All store codes")
        await shownPublicIds(page, [mainId, westId])

        // From a store code's section of the settings, to its applications.
        await page.goto(`${financing.backendUrl}${ADMIN_PATH}/settings/retail-financing`)
        await locationOf(page, WEST.storeCode).getByTestId("rf-location-applications").click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/retail-financing`)
        await shownPublicIds(page, [westId])
        expect(await page.getByTestId("rf-applications").getByTestId("rf-filter-store").innerText()).toBe(
          WEST.storeCode
        )
      })
    })
  },
})
