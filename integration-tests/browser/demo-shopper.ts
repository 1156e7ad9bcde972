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
export function asLowAsMessage(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .locator("retail-financing-as-low-as")
    .getByText(/as low as/i)
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

export async function enterContactAndAddress(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(SHOPPER.email)
  await page.getByLabel("Mobile phone").fill(SHOPPER.phone)
  await page.getByLabel("First name").fill(SHOPPER.firstName)
  await page.getByLabel("Last name").fill(SHOPPER.lastName)
  await page.getByLabel("Street address").fill(SHOPPER.street)
  await page.getByLabel("City").fill(SHOPPER.city)
  await page.getByLabel("State").selectOption(SHOPPER.state)
  await page.getByLabel("ZIP code").fill(SHOPPER.zip)
  await page.getByRole("button", { name: "Continue to shipping" }).click()
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
