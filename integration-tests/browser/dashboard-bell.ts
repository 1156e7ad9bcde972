import type { Locator, Page } from "playwright-core"

/*
 * Medusa's notification bell, opened as a merchant opens it (Medusa 2.21's dashboard): the bell is an icon
 * button in the top bar with no label of its own, the trigger of the "Notifications" drawer, which lists
 * the `feed` channel's notifications by their `data.title` and `data.description`.
 */

/** Clicks the bell and waits for its drawer; resolves to the drawer. */
export async function openBellInDashboard(page: Page): Promise<Locator> {
  // The one drawer trigger of the top bar: a button that opens a dialog, its only content the bell's icon.
  const bell = page.locator('button[aria-haspopup="dialog"]:has(svg)').filter({ hasNotText: /\S/ })
  const listed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/admin/notifications" &&
      new URL(response.url()).searchParams.get("channel") === "feed" &&
      response.ok()
  )
  await bell.first().click()
  const drawer = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("heading", { name: "Notifications" }) })
  await drawer.waitFor()
  await listed
  return drawer
}

/** The drawer's notification whose title holds `title` (the dashboard renders title and description together). */
export function bellNotification(drawer: Locator, title: string): Locator {
  return drawer.locator("div.border-b").filter({ hasText: title })
}
