import type { Locator, Page } from "playwright-core"

/*
 * Medusa's own order actions, clicked in the dashboard as a merchant clicks them (Medusa 2.21's English
 * labels). The order page stays open under each of its modals, so the plugin's widgets on it see the
 * dashboard refetch the order afterwards, as they do for a merchant.
 */

/** "Unfulfilled Items" → its menu → "Fulfill items" → "Create Fulfillment", with the location and method Medusa preselects. */
export async function createFulfillmentInDashboard(page: Page, orderPath: string): Promise<void> {
  const header = page.getByRole("heading", { name: "Unfulfilled Items", exact: true }).locator("xpath=..")
  await header.getByRole("button").last().click()
  // Medusa's form checks the chosen shipping option against the list it loads: a click before the list is
  // in says "Shipping option is required", as it would to a merchant that quick.
  const optionsListed = page.waitForResponse(
    (response) =>
      response.request().method() === "GET" &&
      new URL(response.url()).pathname === "/admin/shipping-options" &&
      new URL(response.url()).searchParams.has("stock_location_id") &&
      response.ok()
  )
  await page.getByRole("menuitem", { name: "Fulfill items" }).click()
  await optionsListed
  await page.getByRole("button", { name: "Create Fulfillment", exact: true }).click()
  await backOnOrder(page, orderPath)
}

/** The fulfillment's "Mark as shipped" → "Save" (no tracking number: Medusa does not ask for one). */
export async function markShippedInDashboard(page: Page, orderPath: string): Promise<void> {
  await page.getByRole("button", { name: "Mark as shipped", exact: true }).click()
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await backOnOrder(page, orderPath)
}

/**
 * The payment's "Capture payment" → "Confirm". Resolves to Medusa's answer (status and message) and the
 * dashboard's toast that shows it.
 */
export async function capturePaymentInDashboard(
  page: Page
): Promise<{ status: number; message: string; toast: Locator }> {
  await page.getByRole("button", { name: "Capture payment", exact: true }).click()
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /\/admin\/payments\/[^/]+\/capture$/.test(response.url())
  )
  await page.getByRole("button", { name: "Confirm", exact: true }).click()
  const response = await answered
  const body = (await response.json().catch(() => ({}))) as { message?: string }
  const message = body.message ?? ""
  // Other toasts (the shipment's) may still be on screen: this is the one with Medusa's answer.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: message.slice(0, 40) })
  await toast.waitFor()
  return { status: response.status(), message, toast }
}

/** A modal closes by a client-side navigation back to the order: the page itself is never reloaded. */
async function backOnOrder(page: Page, orderPath: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === orderPath, { timeout: 20_000 })
}
