import type { Browser } from "playwright-core"

import {
  type AdminSession,
  WIDGET_TEST_ID,
  ensureAdminBuild,
  launchChromium,
  logIn,
  openOrder,
  openPage,
  withScreenshotOnFailure,
} from "./admin-browser"
import { DemoProcess, type DemoUrls, isPortFree, portOf } from "./demo-process"
import {
  addToCart,
  applyPromotion,
  asLowAsMessage,
  chooseShipping,
  enterContactAndAddress,
  goToCheckout,
  openProduct,
  payOverTime,
} from "./demo-shopper"

/*
 * `npm run demo` (README "Try it: the demo") end to end, the way a person tries it: the demo started as a child
 * process on free ports and a database of its own, a shopper in Chromium who sees the "As low as" message,
 * checks out with a promotion code, pays over time and signs at the sandbox's hosted page, the merchant who
 * finds that order with the financing widget in the admin the demo serves, and Ctrl-C stopping it all.
 * The tests run in order and share the one demo: each needs what the one before it did.
 */

let browser: Browser
let demo: DemoProcess
let urls: DemoUrls
let session: AdminSession | undefined
let placed: { orderId: string; displayId: number } | undefined

beforeAll(async () => {
  // Before the demo, which then finds the bundle up to date: the build needs the memory (2.2 GB) alone.
  const build = await ensureAdminBuild()
  if (build.rebuilt) process.stdout.write(`admin dashboard rebuilt in ${build.ms} ms (${build.reason})\n`)
  browser = await launchChromium()
  demo = new DemoProcess()
  // A new database: every migration and the seed, on a busy two-core machine.
  urls = await demo.ready(300_000)
}, 600_000)

afterEach(async () => {
  await session?.context.close()
  session = undefined
})

afterAll(async () => {
  await browser?.close()
  await demo?.cleanUp()
}, 60_000)

describe("npm run demo", () => {
  it("prints where the storefront, the admin and the sandbox are, and the admin login", () => {
    expect(new URL(urls.storefront).hostname).toBe("127.0.0.1")
    expect(urls.admin).toBe(`${urls.backend}/app`)
    expect(demo.output()).toContain(`log in as ${demo.admin.email} / <admin password>`)
  })

  it("shows the plugin's As low as message on a product page", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    await withScreenshotOnFailure(shopper, "demo-product", async () => {
      await openProduct(shopper.page, urls.storefront, "Walnut dining table")
      const message = asLowAsMessage(shopper.page, "product-as-low-as")
      await message.waitFor()
      expect(await message.innerText()).toMatch(/As low as \$[\d,]+\.\d{2}\/mo/)
    })
  })

  it("sells with Pay over time: checkout with DEMO10, sign at the sandbox, back to the confirmed order", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-checkout", async () => {
      await openProduct(page, urls.storefront, "Walnut dining table")
      await addToCart(page)
      // The cart page offers financing too, for the cart's amount.
      await asLowAsMessage(page, "cart-as-low-as").waitFor()
      await goToCheckout(page)
      await enterContactAndAddress(page)
      await chooseShipping(page, "Standard shipping")
      await applyPromotion(page, "DEMO10")
      await expect(page.getByTestId("summary-discount").innerText()).resolves.toMatch(/^-\$\d/)
      await expect(page.getByTestId("summary-tax").innerText()).resolves.not.toBe("$0.00")
      const total = await page.getByTestId("summary-total").innerText()

      await payOverTime(page, urls.sandbox)
      // The service's page shows the application the plugin built from the cart: its total is the cart's.
      await expect(page.locator("body").innerText()).resolves.toContain(total.replace("$", ""))
      await page.getByRole("button", { name: /approve and sign/i }).click()

      await page.waitForURL((url) => url.pathname === "/order/confirmed", { timeout: 30_000 })
      const number = await page.getByTestId("order-number").innerText()
      expect(number).toMatch(/^Order #\d+$/)
      expect(await page.getByTestId("order-total").innerText()).toBe(total)
      placed = {
        orderId: new URL(page.url()).searchParams.get("order_id") ?? "",
        displayId: Number(number.replace(/\D/g, "")),
      }
      expect(placed.orderId).toMatch(/^order_/)
    })
  })

  it("shows the merchant that order with the financing widget in the admin at /app", async () => {
    if (!placed) throw new Error("no order was placed: see the test before this one")
    const order = placed
    const merchant = (session = await openPage(browser, urls.backend))
    await withScreenshotOnFailure(merchant, "demo-admin", async () => {
      await logIn(merchant, demo.admin)
      await openOrder(merchant, order.orderId, order.displayId)
      const widget = merchant.page.getByTestId(WIDGET_TEST_ID)
      await widget.waitFor()
      expect((await widget.getByTestId("rf-application-status").innerText()).trim()).toBe(
        "Signed, invoice needed"
      )
      // For a person to look at the widget as a merchant sees it: SCREENSHOT_DIR=/tmp/shots npm run test:browser
      if (process.env.SCREENSHOT_DIR) {
        await widget.scrollIntoViewIfNeeded()
        await widget.screenshot({ path: `${process.env.SCREENSHOT_DIR}/demo-order-widget.png` })
      }
    })
  })

  it("shows the merchant, in Settings > Retail financing, that every signed contract has its order", async () => {
    const merchant = (session = await openPage(browser, urls.backend))
    await withScreenshotOnFailure(merchant, "demo-settings", async () => {
      await logIn(merchant, demo.admin)
      await merchant.page.goto(`${urls.admin}/settings/retail-financing`)
      const exceptions = merchant.page.getByTestId("rf-exceptions")
      await exceptions.waitFor()
      await expect(exceptions.getByTestId("rf-exceptions-none").innerText()).resolves.toBe(
        "None: every signed contract has its order."
      )
      if (process.env.SCREENSHOT_DIR) {
        await merchant.page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/demo-settings.png`,
          fullPage: true,
        })
      }
    })
  })

  it("stops on Ctrl-C: exits 0, frees its ports and leaves none of its processes running", async () => {
    const exit = await demo.interrupt(60_000)
    if (exit?.code !== 0 || exit.signal !== null) {
      throw new Error(
        `after Ctrl-C the demo ${exit ? JSON.stringify(exit) : "was still running 60 s later"}; its output:\n${demo.output()}`
      )
    }
    for (const url of [urls.storefront, urls.backend, urls.sandbox]) {
      expect({ url, free: await isPortFree(portOf(url)) }).toEqual({ url, free: true })
    }
    expect((await demo.processesLeft(10_000)) ?? []).toEqual([])
  })
})
