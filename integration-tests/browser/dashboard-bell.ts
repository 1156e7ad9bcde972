import type { Locator, Page } from "playwright-core"

/*
 * Medusa's notification bell, opened as a merchant opens it (Medusa 2.21's dashboard): the bell is an icon
 * button in the top bar with no label of its own, the trigger of the "Notifications" drawer, which lists
 * the `feed` channel's notifications by their `data.title` and `data.description`.
 */

/** One notification of the drawer (Medusa 2.21's markup: the drawer's header has a bottom border too). */
const ITEM = "div.relative.gap-3.border-b"

/**
 * Clicks the bell and waits for its drawer to list something: its notifications, or its empty state. The
 * dashboard reads the list when the drawer first opens on a page (and keeps it), so a notification rung
 * after that shows only on the page loaded again.
 */
export async function openBellInDashboard(page: Page): Promise<Locator> {
  // The one drawer trigger of the top bar: a button that opens a dialog, its only content the bell's icon.
  const bell = page.locator('button[aria-haspopup="dialog"]:has(svg)').filter({ hasNotText: /\S/ })
  await bell.first().click()
  const drawer = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("heading", { name: "Notifications" }) })
  await drawer.getByText("No notifications").or(drawer.locator(ITEM).first()).first().waitFor()
  // The drawer slides and fades in: a screenshot before its animation ends shows the page through it.
  await drawer.evaluate((element) => {
    // The test project's DOM types lack getAnimations; Chromium has it.
    const animated = element as unknown as { getAnimations(): { finished: Promise<unknown> }[] }
    return Promise.all(animated.getAnimations().map((animation) => animation.finished))
  })
  return drawer
}

/** The drawer's notification whose title holds `title` (the dashboard renders title and description together). */
export function bellNotification(drawer: Locator, title: string): Locator {
  return drawer.locator(ITEM).filter({ hasText: title })
}
