import type { Page } from "playwright-core"

/*
 * What a shopper does in the demo storefront (demo/storefront), step by step, by the labels and roles a
 * person reads. Its pages are opened with admin-browser.ts's openPage, so its screenshot-on-failure helper
 * works here too.
 */

export const SHOPPER = {
  email: "jordan.rivera@example.com",
  phone: "512-555-0142",
  firstName: "Jordan",
  lastName: "Rivera",
  street: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
}

/** The plugin's element on a page, and the text it renders in its shadow root. */
/** The element's message: "As low as …", or "Desde …" when the page speaks Spanish. */
export function asLowAsMessage(page: Page, testId: string, words: RegExp = /as low as/i) {
  return page.getByTestId(testId).locator("retail-financing-as-low-as").getByText(words)
}

export async function openProduct(page: Page, storefrontUrl: string, title: string): Promise<void> {
  await page.goto(storefrontUrl)
  await page.getByRole("link", { name: new RegExp(title) }).click()
  await page.getByRole("heading", { name: title, level: 1 }).waitFor()
}

/** Adds the product on the page to the cart; the storefront then shows the cart. */
export async function addToCart(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add to cart" }).click()
  await page.waitForURL((url) => url.pathname === "/cart")
}

export async function goToCheckout(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Checkout" }).click()
  await page.waitForURL((url) => url.pathname === "/checkout")
}

/** Types the shopper's details (SHOPPER, with `changes`) into the checkout's first step and saves them. */
export async function enterContactAndAddress(
  page: Page,
  changes: Partial<typeof SHOPPER> = {}
): Promise<void> {
  const shopper = { ...SHOPPER, ...changes }
  await page.getByLabel("Email").fill(shopper.email)
  await page.getByLabel("Mobile phone").fill(shopper.phone)
  await page.getByLabel("First name").fill(shopper.firstName)
  await page.getByLabel("Last name").fill(shopper.lastName)
  await page.getByLabel("Street address").fill(shopper.street)
  await page.getByLabel("City").fill(shopper.city)
  await page.getByLabel("State").selectOption(shopper.state)
  await page.getByLabel("ZIP code").fill(shopper.zip)
  await page.getByRole("button", { name: "Continue to shipping" }).click()
}

/** The cart page's quantity buttons, one press at a time: each saves the cart and draws the page again. */
export async function addOneMore(page: Page, title: string, times: number): Promise<void> {
  for (let pressed = 0; pressed < times; pressed++) {
    const quantity = page.getByRole("row", { name: new RegExp(title) }).locator(".quantity-cell span")
    const before = Number(await quantity.innerText())
    await page.getByRole("button", { name: `One more ${title}` }).click()
    await page
      .getByRole("row", { name: new RegExp(title) })
      .locator(".quantity-cell span", { hasText: new RegExp(`^${before + 1}$`) })
      .waitFor()
  }
}

/** The figure of the plugin's message on a page ("$293.20/mo"), for comparing one page's with another's. */
export async function monthlyPayment(page: Page, testId: string): Promise<string> {
  const message = asLowAsMessage(page, testId)
  await message.waitFor()
  const match = /\$[\d,]+\.\d{2}\/mo/.exec(await message.innerText())
  if (!match) throw new Error(`no monthly payment in "${await message.innerText()}"`)
  return match[0]
}

/** The amount the plugin's element was given on a page: what its message is worked out on. */
export function asLowAsAmount(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).locator("retail-financing-as-low-as").getAttribute("amount")
}

export async function chooseShipping(page: Page, name: string): Promise<void> {
  // click, not check: choosing saves the method and redraws the page, so the radio clicked is gone.
  await page.getByLabel(new RegExp(name)).click()
  // The summary lists shipping once the cart has the method.
  await page.getByTestId("summary-shipping").filter({ hasNotText: "$0.00" }).waitFor()
}

export async function applyPromotion(page: Page, code: string): Promise<void> {
  await page.getByLabel("Promotion code").fill(code)
  await page.getByRole("button", { name: "Apply" }).click()
  await page.getByTestId("applied-promotion").filter({ hasText: code }).waitFor()
}

/** Chooses Pay over time and follows the storefront to the financing service's page. */
export async function payOverTime(page: Page, sandboxUrl: string): Promise<void> {
  await page.getByLabel(/Pay over time/).check()
  await page.getByRole("button", { name: "Continue to Pay over time" }).click()
  await page.waitForURL(
    (url) => url.origin === new URL(sandboxUrl).origin && url.pathname.startsWith("/apply/")
  )
}
