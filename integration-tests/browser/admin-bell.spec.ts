import {
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  startFinancedCart,
} from "../helpers"
import {
  type AdminSession,
  logIn,
  openAdmin,
  useDashboardBrowser,
  withScreenshotOnFailure,
} from "./admin-browser"
import { bellNotification, openBellInDashboard } from "./dashboard-bell"

/*
 * The admin's bell in the real dashboard: a signed contract that gives no order (the shopper switched to
 * another way to pay, then signed the financing anyway) opens an exception, whose notification on the
 * `feed` channel the dashboard's bell lists with the plugin's title and description.
 */

jest.setTimeout(240_000)

const browser = useDashboardBrowser()

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    let session: AdminSession | undefined

    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    it("an opened contract exception rings the bell with what happened and what to do", async () => {
      const { collection, publicId } = await startFinancedCart(api, seed)
      await moveApplication(financing.sandbox, publicId, "Approved")
      await callbacksSettled(financing.sandbox, publicId, 1)
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: SYSTEM_PAYMENT_PROVIDER_ID },
        { headers: seed.headers }
      )
      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)
      const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: publicId,
      })
      expect(ledger!.exception_reason).toBe("session_deleted")
      // The subscriber rings the bell after the sync's workflow released the event.
      const notification = await eventually(async () => {
        const { data } = await api.get("/admin/notifications?channel=feed&limit=100", adminHeaders)
        const found = (
          data.notifications as { resource_id: string; data: { title: string; description: string } }[]
        ).find((candidate) => candidate.resource_id === ledger!.id)
        if (!found) throw new Error("no notification on the feed channel yet")
        return found.data
      }, 15_000)
      expect(notification.title).toContain(publicId)

      session = await openAdmin(browser(), financing.backendUrl)
      const dashboard = session
      await withScreenshotOnFailure(dashboard, "admin-bell", async () => {
        await logIn(dashboard)
        const drawer = await openBellInDashboard(dashboard.page)
        const item = bellNotification(drawer, notification.title)
        await item.waitFor()
        const text = await item.innerText()
        expect(text).toContain(`Financing: a signed contract needs you (financing application ${publicId}`)
        expect(text).toContain("payment session no longer exists")
        expect(text).toMatch(/void/i)
        if (process.env.SCREENSHOT_DIR) {
          await dashboard.page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-bell.png` })
        }
      })
      expect(dashboard.diagnostics.failedRequests).toEqual([])
    })
  },
})
