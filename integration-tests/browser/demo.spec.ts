import type { Browser, Page } from "playwright-core"

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
import { bellNotification, openBellInDashboard } from "./dashboard-bell"
import { DemoProcess, type DemoUrls, isPortFree, portOf } from "./demo-process"
import {
  addOneMore,
  addToCart,
  applyPromotion,
  asLowAsAmount,
  asLowAsMessage,
  chooseShipping,
  enterContactAndAddress,
  goToCheckout,
  monthlyPayment,
  openProduct,
  payOverTime,
} from "./demo-shopper"

/*
 * `npm run demo` (README "Try it: the demo") end to end, the way a person tries it: the demo started as a child
 * process on free ports and a database of its own, a shopper in Chromium who sees the "As low as" message,
 * checks out with a promotion code, pays over time and signs at the sandbox's hosted page, reads the
 * confirmation, and goes Back to the sandbox's page; a shopper who is told why Pay over time is not offered;
 * a shopper told to remove the protection plan the lender cannot lease; the sandbox's applications from the
 * storefront's banner; the merchant who finds that order with the
 * financing widget in the admin the demo serves, and Ctrl-C stopping it all. The tests run in order and share
 * the one demo: each needs what the one before it did. Then the demo starts again on that database with
 * DEMO_LOCATIONS=2 (a later start, so quicker than the first), and a shopper at the outlet's storefront pays
 * over time under the outlet's store code. SCREENSHOT_DIR=<folder> saves each page a person looks at.
 */

/** For a person to look at the pages: SCREENSHOT_DIR=/tmp/shots npm run test:browser */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
  }
}

/** Money as the pages write it, "$1,460.28", in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100)

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

  it("sells with Pay over time: checkout with DEMO10, sign at the sandbox, back to a confirmation that explains the financing", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-checkout", async () => {
      await openProduct(page, urls.storefront, "Walnut dining table")
      const productPayment = await monthlyPayment(page, "product-as-low-as")
      await addToCart(page)
      // One table on the cart page is the product page's price: the same amount, the same message.
      await expect(monthlyPayment(page, "cart-as-low-as")).resolves.toBe(productPayment)
      const itemsTotal = await page.getByTestId("cart-items-total").innerText()
      await expect(asLowAsAmount(page, "cart-as-low-as")).resolves.toBe(
        (centsOf(itemsTotal) / 100).toFixed(2)
      )
      await screenshot(page, "demo-cart")
      await goToCheckout(page)
      await enterContactAndAddress(page)
      await chooseShipping(page, "Standard shipping")
      await applyPromotion(page, "DEMO10")
      await expect(page.getByTestId("summary-discount").innerText()).resolves.toMatch(/^-\$\d/)
      await expect(page.getByTestId("summary-tax").innerText()).resolves.not.toBe("$0.00")
      const total = await page.getByTestId("summary-total").innerText()
      await expect(asLowAsAmount(page, "checkout-as-low-as")).resolves.toBe((centsOf(total) / 100).toFixed(2))
      // A cart the plugin finances: nothing is said against it.
      await expect(page.getByTestId("financing-reasons").count()).resolves.toBe(0)

      await payOverTime(page, urls.sandbox)
      // The service's page shows the application the plugin built from the cart: its total is the cart's.
      await expect(page.locator("body").innerText()).resolves.toContain(total.replace("$", ""))
      await page.getByRole("button", { name: /approve and sign/i }).click()

      await page.waitForURL((url) => url.pathname === "/order/confirmed", { timeout: 30_000 })
      const number = await page.getByTestId("order-number").innerText()
      expect(number).toMatch(/^Order #\d+$/)
      expect(await page.getByTestId("order-total").innerText()).toBe(total)
      const financing = page.getByTestId("order-financing")
      await expect(financing.locator("h2").innerText()).resolves.toBe("Paid with financing")
      await expect(page.getByTestId("order-financed-amount").innerText()).resolves.toBe(total)
      const explained = await financing.innerText()
      expect(explained).toMatch(/What happens next/)
      expect(explained).toMatch(/ship it to Jordan Rivera, 1 Main St, Austin, TX 78701/)
      expect(explained).toMatch(/the partner pays us/)
      expect(explained).toMatch(/Your payments are with the financing partner, not with us/)
      // The sandbox's contract carries an in-store payment: said with its amount, never "nothing more".
      await expect(page.getByTestId("order-in-store-payment").innerText()).resolves.toMatch(
        /does not cover \$[\d,]+\.\d\d of this order: you still owe it to the store\. The store will contact you/
      )
      expect(explained).not.toMatch(/nothing more/)
      // What the partner lends is the contract less the in-store payment, both said with their amounts.
      await expect(page.getByTestId("order-borrowed-amount").innerText()).resolves.toMatch(
        /^Financed by the partner: \$[\d,]+\.\d\d; you pay the store: \$[\d,]+\.\d\d\.$/
      )
      // A person reads the order number, never the ids behind it.
      expect(await page.locator("main").innerText()).not.toMatch(/\b(order|cart|pay|payses)_[0-9A-Z]{10,}/)
      await screenshot(page, "demo-confirmation")
      placed = {
        orderId: new URL(page.url()).searchParams.get("order_id") ?? "",
        displayId: Number(number.replace(/\D/g, "")),
      }
      expect(placed.orderId).toMatch(/^order_/)

      // Back, to the sandbox's page the shopper signed on: a page saying so, with the way back to the order.
      const sandboxPage = page.waitForResponse((response) => response.url().includes("/apply/"))
      await page.goBack()
      expect((await sandboxPage).headers()["content-type"]).toMatch(/^text\/html/)
      await expect(page.locator("h1").innerText()).resolves.toBe("This contract is already signed")
      await expect(page.locator("body").innerText()).resolves.not.toMatch(/[{}]/)
      await screenshot(page, "demo-sandbox-after-back")
      await page.getByRole("link", { name: "Back to the store" }).click()
      await page.waitForURL((url) => url.pathname === "/order/confirmed", { timeout: 30_000 })
      await expect(page.getByTestId("order-number").innerText()).resolves.toBe(number)
    })
  })

  it("says why Pay over time is not offered, and does not offer it, for a cart over $5,000 with a UK phone", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-not-eligible", async () => {
      await openProduct(page, urls.storefront, "Linen sectional sofa")
      await addToCart(page)
      // Three sofas at $2,199.00: $6,597.00 before shipping and tax, over the demo's $5,000 maximum.
      await addOneMore(page, "Linen sectional sofa", 2)
      await goToCheckout(page)
      await enterContactAndAddress(page, { phone: "+44 20 7946 0958" })
      await chooseShipping(page, "Standard shipping")

      const payOverTime = page.getByLabel(/Pay over time/)
      const reasons = page.getByTestId("financing-reasons").locator("li")
      await reasons.first().waitFor()
      expect(await payOverTime.isDisabled()).toBe(true)
      const said = await reasons.allInnerTexts()
      expect(said).toHaveLength(2)
      expect(said).toEqual(
        expect.arrayContaining([expect.stringMatching(/5,000/), expect.stringMatching(/phone/i)])
      )
      // Sentences for a shopper: no field paths, no codes.
      for (const sentence of said) expect(sentence).not.toMatch(/billing_address|\(total\)|_/)
      const phone = page.getByLabel("Mobile phone")
      await expect(phone.getAttribute("aria-invalid")).resolves.toBe("true")
      await expect(page.getByTestId("field-problem-phone").innerText()).resolves.toMatch(/phone/i)
      await screenshot(page, "demo-checkout-not-eligible")

      // A US mobile number, saved: asked again, only the total stands in the way.
      await enterContactAndAddress(page, { phone: "512-555-0142" })
      await reasons.filter({ hasText: /phone/i }).waitFor({ state: "detached" })
      await expect(reasons.allInnerTexts()).resolves.toEqual([expect.stringMatching(/5,000/)])
      await expect(page.getByLabel("Mobile phone").getAttribute("aria-invalid")).resolves.toBeNull()
      expect(await page.getByLabel(/Pay over time/).isDisabled()).toBe(true)
    })
  })

  it("speaks Spanish with ?lang=es: As low as on the product page and the reasons at checkout, from the plugin", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-spanish", async () => {
      await openProduct(page, urls.storefront, "Linen sectional sofa")
      await page.goto(`${page.url()}${page.url().includes("?") ? "&" : "?"}lang=es`)
      const message = asLowAsMessage(page, "product-as-low-as", /^Desde/)
      await message.waitFor()
      expect(await message.innerText()).toMatch(/^Desde \$[\d,]+\.\d{2}\/mes por \d+ meses con /)

      await addToCart(page)
      await addOneMore(page, "Linen sectional sofa", 2)
      await goToCheckout(page)
      await enterContactAndAddress(page, { phone: "+44 20 7946 0958" })
      await chooseShipping(page, "Standard shipping")
      const reasons = page.getByTestId("financing-reasons").locator("li")
      await reasons.first().waitFor()
      await expect(reasons.allInnerTexts()).resolves.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Pagar a plazos está disponible para pedidos de \$[\d,.]+ a \$5,000\.00\.$/),
          "Escribe un número de celular de EE. UU., por ejemplo 512-555-0100.",
        ])
      )
      // The field is still marked from the reason's machine-readable key, whatever the language.
      await expect(page.getByLabel("Mobile phone").getAttribute("aria-invalid")).resolves.toBe("true")
      await screenshot(page, "demo-checkout-spanish")
    })
  })

  it("tells the shopper to remove the protection plan the lender cannot lease, from the product page to checkout", async () => {
    const shopper = (session = await openPage(browser, urls.storefront))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-not-leasable", async () => {
      // A leasable product's page shows its offer; the plan's page, asked with its product id, shows none.
      await openProduct(page, urls.storefront, "Oak side table")
      await asLowAsMessage(page, "product-as-low-as").waitFor()
      await openProduct(page, urls.storefront, "2-year protection plan")
      const planOffer = page.getByTestId("product-as-low-as").locator("retail-financing-as-low-as")
      await planOffer.waitFor({ state: "attached" })
      await page.waitForLoadState("networkidle")
      await expect(planOffer.innerText()).resolves.toBe("")
      await addToCart(page)
      await openProduct(page, urls.storefront, "Oak side table")
      await addToCart(page)

      const sentence =
        "Pay over time can't be used for 2-year protection plan. Remove it to pay over time, or choose another way to pay."
      // The cart says it in place of an offer the checkout would refuse.
      await expect(page.getByTestId("cart-not-leasable").innerText()).resolves.toBe(sentence)
      await expect(page.getByTestId("cart-as-low-as").count()).resolves.toBe(0)
      await screenshot(page, "demo-cart-not-leasable")

      await goToCheckout(page)
      await enterContactAndAddress(page)
      await chooseShipping(page, "Standard shipping")
      const reasons = page.getByTestId("financing-reasons").locator("li")
      await reasons.first().waitFor()
      await expect(reasons.allInnerTexts()).resolves.toEqual([sentence])
      expect(await page.getByLabel(/Pay over time/).isDisabled()).toBe(true)
      // Nor does the order summary advertise an offer for this cart.
      await expect(page.getByTestId("checkout-as-low-as").count()).resolves.toBe(0)
      await screenshot(page, "demo-checkout-not-leasable")

      // Back to the cart, the plan removed as the sentence says: the offer is back, and so is the choice.
      await page.goBack()
      await page.waitForURL((url) => url.pathname === "/cart")
      await page.getByRole("button", { name: "One fewer 2-year protection plan" }).click()
      await asLowAsMessage(page, "cart-as-low-as").waitFor()
      await expect(page.getByTestId("cart-not-leasable").count()).resolves.toBe(0)
      await goToCheckout(page)
      await expect(page.getByLabel(/Pay over time/).isDisabled()).resolves.toBe(false)
    })
  })

  it("lists the sandbox's applications in words from the storefront's banner", async () => {
    if (!placed) throw new Error("no order was placed: see the test before the last one")
    const order = placed
    const shopper = (session = await openPage(browser, urls.storefront))
    await withScreenshotOnFailure(shopper, "demo-sandbox-applications", async () => {
      await shopper.page.goto(urls.storefront)
      const [list] = await Promise.all([
        shopper.context.waitForEvent("page"),
        shopper.page.getByRole("link", { name: "Sandbox applications" }).click(),
      ])
      await list.waitForLoadState()
      const row = list.getByTestId("sandbox-application").filter({ hasText: `Order #${order.displayId}` })
      await expect(row.innerText()).resolves.toMatch(/Signed, waiting for the store's invoice/)
      await expect(list.locator("body").innerText()).resolves.not.toMatch(/[{}]/)
      await screenshot(list, "demo-sandbox-applications")
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

  it("shows the merchant, in Settings > Extensions > Retail financing, that no application needs attention", async () => {
    const merchant = (session = await openPage(browser, urls.backend))
    await withScreenshotOnFailure(merchant, "demo-settings", async () => {
      await logIn(merchant, demo.admin)
      await merchant.page.goto(`${urls.admin}/settings/retail-financing`)
      // Every signed contract has its order and every send went through: the count of the applications page.
      const callout = merchant.page.getByTestId("rf-attention-callout")
      await callout.getByText("No application needs your attention.").waitFor()
      if (process.env.SCREENSHOT_DIR) {
        await merchant.page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/demo-settings.png`,
          fullPage: true,
        })
      }
    })
  })

  it("shows the merchant on a product's page whether it can be paid over time, and why not, with a switch", async () => {
    const merchant = (session = await openPage(browser, urls.backend))
    await withScreenshotOnFailure(merchant, "demo-product-leasable", async () => {
      const { page } = merchant
      await logIn(merchant, demo.admin)
      const openProductPage = async (title: string) => {
        await page.goto(`${urls.admin}/products`)
        await page
          .getByRole("link", { name: title })
          .or(page.getByText(title, { exact: true }))
          .first()
          .click()
        await page.getByRole("heading", { name: title }).first().waitFor()
        const card = page.getByTestId("retail-financing-product-leasable")
        await card.waitFor()
        return card
      }

      const plan = await openProductPage("2-year protection plan")
      await expect(plan.getByText("Not available").innerText()).resolves.toBe("Not available")
      await expect(plan.getByTestId("retail-financing-leasable-reason").innerText()).resolves.toBe(
        "Shoppers can't pay over time for a cart with this product. It is marked as not leasable here (the switch below)."
      )
      if (process.env.SCREENSHOT_DIR) {
        await plan.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/demo-product-not-leasable.png` })
      }

      // The merchant turns the side table off and on again: the card follows each save.
      const table = await openProductPage("Oak side table")
      const reason = table.getByTestId("retail-financing-leasable-reason")
      await expect(reason.innerText()).resolves.toBe("Shoppers can pay over time for this product.")
      const toggle = table.getByRole("switch")
      await toggle.click()
      await reason.getByText(/can't pay over time/).waitFor()
      await expect(toggle.getAttribute("aria-checked")).resolves.toBe("false")
      await toggle.click()
      await reason.getByText("Shoppers can pay over time for this product.").waitFor()
      await expect(toggle.getAttribute("aria-checked")).resolves.toBe("true")
    })
  })

  it("funds the order at the sandbox, which the admin's Payouts lists; a contract signed after paying another way rings the bell", async () => {
    if (!placed) throw new Error("no order was placed: see the checkout test above")
    const order = placed
    const shopper = (session = await openPage(browser, urls.storefront))
    let exceptionPublicId = ""
    let paidOtherwise = 0
    await withScreenshotOnFailure(shopper, "demo-fund-and-exception", async () => {
      const { page } = shopper
      // "Fund it (as the lender)" on the sandbox's applications page, for the order placed above.
      await page.goto(`${urls.sandbox}/sandbox/applications`)
      const row = page.getByTestId("sandbox-application").filter({ hasText: `Order #${order.displayId}` })
      await row.getByRole("button", { name: "Fund it (as the lender)" }).click()
      await page.waitForURL((url) => url.pathname === "/sandbox/applications")
      await page
        .getByTestId("sandbox-application")
        .filter({ hasText: `Order #${order.displayId}` })
        .getByText(/Paid to the store/)
        .waitFor()

      // The documented exception (docs/demo.md): Pay over time up to the sandbox's page, then, in another
      // tab, Manual payment and Place order, then Approve and sign in the first tab. The contract is signed
      // for a cart already paid, its payment session gone: an exception, and the bell.
      await openProduct(page, urls.storefront, "Oak side table")
      await addToCart(page)
      await goToCheckout(page)
      await enterContactAndAddress(page)
      await chooseShipping(page, "Standard shipping")
      await payOverTime(page, urls.sandbox)
      exceptionPublicId = new URL(page.url()).pathname.split("/").pop() ?? ""
      const other = await shopper.context.newPage()
      await other.goto(`${urls.storefront}/checkout`)
      await other.getByLabel(/Manual payment/).check()
      await other.getByRole("button", { name: "Place order" }).click()
      await other.waitForURL((url) => url.pathname === "/order/confirmed", { timeout: 30_000 })
      paidOtherwise = Number((await other.getByTestId("order-number").innerText()).replace(/\D/g, ""))
      await page.getByRole("button", { name: /approve and sign/i }).click()
      await page.waitForURL((url) => url.origin === new URL(urls.storefront).origin, { timeout: 30_000 })
      // What the shopper is told once the store has looked at the signed contract, for a person to read.
      await page.locator("h1").filter({ hasNotText: "Completing your order" }).waitFor({ timeout: 30_000 })
      await screenshot(page, "demo-exception-shopper")
      // Completing that cart returns the order paid another way: the shopper who signed reads that the
      // contract is void, with the way to that order, not a confirmation of an order paid over time.
      expect(await page.locator("h1").innerText()).toBe("Your order is already placed")
      expect(await page.getByTestId("financing-message").innerText()).toMatch(
        /paid another way.*You owe nothing for that contract\.$/
      )
      await page.getByRole("link", { name: `See order #${paidOtherwise}` }).waitFor()
    })
    expect(exceptionPublicId).not.toBe("")
    await session.context.close()

    const merchant = (session = await openPage(browser, urls.backend))
    await withScreenshotOnFailure(merchant, "demo-payouts-bell", async () => {
      const { page } = merchant
      await logIn(merchant, demo.admin)
      await page.goto(`${urls.admin}/retail-financing`)
      const payouts = page.getByTestId("rf-payouts")
      await payouts.scrollIntoViewIfNeeded()
      // The funding reaches the ledger from the Funded callback's read; the list is read again every 20 s.
      const payout = payouts.getByTestId("rf-payout-row").filter({ hasText: `#${order.displayId}` })
      await payout.waitFor({ timeout: 60_000 })
      expect(await payout.innerText()).toMatch(/Processed/)
      if (process.env.SCREENSHOT_DIR) {
        await payouts.screenshot({ path: `${process.env.SCREENSHOT_DIR}/demo-payouts.png` })
      }

      // The contract is signed for the cart the manual payment made an order of: the bell names that order.
      const title = `Financing: a signed contract needs you (order #${paidOtherwise})`
      // The bell is rung by a subscriber after the signing's callback; the dashboard reads the bell's list
      // once per page, so the page is loaded again until it has come.
      for (const until = Date.now() + 30_000; ;) {
        const drawer = await openBellInDashboard(page)
        const notification = bellNotification(drawer, title)
        if ((await notification.count()) > 0) {
          const text = await notification.innerText()
          expect(text).toMatch(/payment session no longer exists/)
          expect(text).toMatch(/Void it at the financing service/)
          await screenshot(page, "demo-bell")
          break
        }
        if (Date.now() > until) throw new Error(`the bell has no notification "${title}"`)
        await page.waitForTimeout(1_000)
        await page.reload()
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

describe("npm run demo with DEMO_LOCATIONS=2, started again on the database above", () => {
  let outletDemo: DemoProcess | undefined
  let outletUrls: DemoUrls
  let outlet: string

  beforeAll(async () => {
    // The store the demo above seeded gets its outlet now: the seed adds what a second location needs.
    outletDemo = new DemoProcess({ reset: false, env: { DEMO_LOCATIONS: "2" } })
    outletUrls = await outletDemo.ready(300_000)
    if (!outletUrls.outlet) throw new Error(`no Outlet URL in the demo's output:\n${outletDemo.output()}`)
    outlet = outletUrls.outlet
  }, 330_000)

  afterAll(async () => {
    await outletDemo?.cleanUp()
  }, 60_000)

  it("prints both storefronts with their store codes and publishable keys", () => {
    const output = outletDemo!.output()
    expect(output).toMatch(/^ {2}Storefront {2}http:\S+ {2}\(the web store: store code DEMO\)$/m)
    expect(output).toMatch(
      /^ {2}Outlet {6}http:\S+ {2}\(the outlet: store code DEMO-OUTLET, orders up to \$2,000\)$/m
    )
    expect(output.match(/^ {14}publishable key pk_[0-9a-f]+$/gm)).toHaveLength(2)
  })

  it("makes the outlet's financed checkout under the outlet's store code, and brings the shopper back to the outlet", async () => {
    const shopper = (session = await openPage(browser, outlet))
    const { page } = shopper
    await withScreenshotOnFailure(shopper, "demo-outlet-checkout", async () => {
      await openProduct(page, outlet, "Oak side table")
      await expect(page.getByTestId("location-banner").innerText()).resolves.toMatch(
        /^Outlet: Pay over time goes under store code DEMO-OUTLET, for orders up to \$2,000\.00\./
      )
      await addToCart(page)
      await goToCheckout(page)
      await enterContactAndAddress(page)
      await chooseShipping(page, "Standard shipping")
      await payOverTime(page, outletUrls.sandbox)
      const publicId = new URL(page.url()).pathname.split("/").pop()
      await page.getByRole("button", { name: /approve and sign/i }).click()
      // The outlet's own return page, not the web store's returnUrl: its cart is in this origin's storage.
      await page.waitForURL(
        (url) => url.origin === new URL(outlet).origin && url.pathname === "/order/confirmed",
        { timeout: 30_000 }
      )
      await expect(page.getByTestId("order-number").innerText()).resolves.toMatch(/^Order #\d+$/)
      await screenshot(page, "demo-outlet-confirmation")

      const { applications } = (await (await fetch(`${outletUrls.sandbox}/sandbox/applications`)).json()) as {
        applications: { publicId: string; input: { storeCode: string } }[]
      }
      const storeCodeOf = (id: string | undefined) =>
        applications.find((application) => application.publicId === id)?.input.storeCode
      expect(storeCodeOf(publicId)).toBe("DEMO-OUTLET")
      // The web store's checkout of the demo above, kept by the sandbox across the restart, stays under DEMO.
      expect(applications.map((application) => application.input.storeCode)).toContain("DEMO")

      await page.goto(`${outletUrls.sandbox}/sandbox/applications`)
      await expect(page.getByTestId("sandbox-application-store").allInnerTexts()).resolves.toEqual(
        expect.arrayContaining(["Store DEMO-OUTLET", "Store DEMO"])
      )
      await screenshot(page, "demo-outlet-sandbox-applications")
    })
  })

  it("stops on Ctrl-C, the outlet's storefront with it", async () => {
    const exit = await outletDemo!.interrupt(60_000)
    expect(exit).toEqual({ code: 0, signal: null })
    for (const url of [outletUrls.storefront, outlet, outletUrls.backend, outletUrls.sandbox]) {
      expect({ url, free: await isPortFree(portOf(url)) }).toEqual({ url, free: true })
    }
  })
})
