import { readFile } from "node:fs/promises"

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  placeFinancedOrder,
  sandboxApplication,
} from "../helpers"
import {
  ADMIN_PATH,
  type AdminSession,
  logIn,
  openAdmin,
  useDashboardBrowser,
  withScreenshotOnFailure,
} from "./admin-browser"

/*
 * The Payouts section of the Retail financing page in the real dashboard: a contract funded at the sandbox
 * shows as a row with its transfer, its order (linked), the lender's amount, the in-store payment as the
 * difference's reason, and the totals; "Export CSV" downloads the same row with the admin's session.
 */

jest.setTimeout(240_000)

const browser = useDashboardBrowser()

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed }) => {
    let session: AdminSession | undefined

    afterEach(async () => {
      await session?.context.close()
      session = undefined
    })

    it("shows a funded contract's payment beside its order, with the difference's reason, totals and a CSV", async () => {
      const order = await placeFinancedOrder(api, getContainer(), seed, financing)
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      await eventually(async () => {
        const [ledger] = await financingLedger(getContainer()).listFinancingApplications({
          order_id: order.orderId,
        })
        if (!ledger?.funding_date) throw new Error("no payment in the ledger yet")
      }, 30_000)
      const record = (await sandboxApplication(financing.sandbox, order.publicId)) as unknown as {
        funding: { transferId: string; amount: number }
        contract: { totalInStorePayment: number }
      }
      const {
        data: [placed],
      } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["display_id"], filters: { id: order.orderId } })

      session = await openAdmin(browser(), financing.backendUrl)
      const dashboard = session
      // The admin's day a day behind the lender's, as a US evening is behind UTC: today's payment must show.
      await dashboard.context.clock.setFixedTime(new Date(Date.now() - 24 * 3600_000))
      await withScreenshotOnFailure(dashboard, "admin-payouts", async () => {
        await logIn(dashboard)
        const { page } = dashboard
        await page.getByRole("link", { name: "Retail financing", exact: true }).first().click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/retail-financing`)
        const section = page.getByTestId("rf-payouts")
        await section.scrollIntoViewIfNeeded()
        const row = section.getByTestId("rf-payout-row")
        await eventually(async () => {
          if ((await row.count()) !== 1) throw new Error(`the payouts show ${await row.count()} rows`)
        }, 15_000)
        const text = await row.innerText()
        expect(text).toContain(record.funding.transferId)
        expect(text).toContain("Processed")
        expect(text).toContain(`#${placed.display_id}`)
        const dollars = (amount: number) =>
          `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
        expect(text).toContain(dollars(record.funding.amount))
        expect(text).toContain(`in-store payment: ${dollars(record.contract.totalInStorePayment)}`)
        expect(await section.getByTestId("rf-payouts-totals").innerText()).toContain("Totals of 1 payment")
        // One store code: no store filter.
        expect(await section.getByTestId("rf-filter-store").count()).toBe(0)

        if (process.env.SCREENSHOT_DIR) {
          await section.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-payouts.png` })
        }

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          section.getByTestId("rf-payouts-export").click(),
        ])
        expect(download.suggestedFilename()).toMatch(/^retail-financing-payouts-.*\.csv$/)
        const csv = await readFile((await download.path())!, "utf8")
        const lines = csv.trim().split("\r\n")
        expect(lines[0]).toMatch(/^date,status,transfer_id,wire_reference,amount,order_id/)
        expect(lines).toHaveLength(2)
        expect(lines[1]).toContain(record.funding.transferId)

        // The order link leads to Medusa's order page.
        await row.getByRole("link", { name: `#${placed.display_id}` }).click()
        await page.waitForURL((url) => url.pathname === `${ADMIN_PATH}/orders/${order.orderId}`)
      })
      expect(dashboard.diagnostics.failedRequests).toEqual([])
    })
  },
})
