import type { ApplicationsListResponse } from "../../src/domain/admin-api/types"
import {
  CHECKOUT_ADDRESS,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  startFinancedCart,
  eventually,
  setSandboxFaults,
} from "../helpers"
import { followLenderOnView } from "../../src/workflows/checkout/utils/follow-lender-on-view"

jest.setTimeout(180_000)

const LIST = "/admin/retail-financing/applications"

/*
 * The applications page's search beyond ids (issue 23): a phone finds every application of that phone in the
 * ledger, through the carts and orders Medusa holds with it (the ledger keeps no phone); the service's
 * application number is kept from its status reads, shown and searchable; a row without an order shows the
 * cart's customer.
 */
financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const search = async (q: string) =>
      (await api.get<ApplicationsListResponse>(`${LIST}?q=${encodeURIComponent(q)}`, adminHeaders)).data

    async function ledgerRow(publicId: string) {
      const [application] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: publicId,
      })
      if (!application) throw new Error(`the ledger has no application ${publicId}`)
      return application
    }

    it("finds every application of a phone, however it is written, across carts and orders", async () => {
      // A signed contract with its order, the shopper's phone typed one way…
      const signed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone: "512-555-0142" },
      })
      // …a newer unsigned application for the same shopper, typed another…
      const unsigned = await startFinancedCart(api, seed, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone: "+1 512.555.0142" },
      })
      // …and someone else's.
      await startFinancedCart(api, seed, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone: "512-555-0199" },
      })

      const found = await search("(512) 555-0142")
      expect(found.applications.map((row) => row.public_id).sort()).toEqual(
        [signed.publicId, unsigned.session.data.publicId].sort()
      )
      expect(found.count).toBe(2)
      expect((await search("5125550142")).count).toBe(2)
      expect((await search("(512) 555-0100")).count).toBe(0)
    })

    it("keeps the service's application number from its status reads, shows it and finds by it", async () => {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
      })
      const recorded = await ledgerRow(placed.publicId)
      expect(recorded.application_number).toEqual(expect.any(Number))
      const number = recorded.application_number!

      const found = await search(String(number))
      expect(found.applications.map((row) => row.public_id)).toContain(placed.publicId)
      expect(found.applications.find((row) => row.public_id === placed.publicId)?.application_number).toBe(
        number
      )
      expect((await search(`No. ${number}`)).applications.map((row) => row.public_id)).toContain(
        placed.publicId
      )
    })

    it("shows the cart's customer on a row without an order (a contract exception)", async () => {
      const { session } = await startFinancedCart(api, seed)
      const application = await ledgerRow(session.data.publicId)
      expect(await financingLedger(getContainer()).ledger.openException(application.id, "cart_changed")).toBe(
        true
      )

      const [row] = (await search(session.data.publicId)).applications
      expect(row.order).toBeNull()
      expect(row.cart_customer).toEqual({
        customer_name: `${CHECKOUT_ADDRESS.first_name} ${CHECKOUT_ADDRESS.last_name}`,
        email: "shopper@retail-financing.test",
      })
    })

    it("offers the service's link to finish an unsigned application, not a signed one", async () => {
      const unsigned = await startFinancedCart(api, seed)
      const signed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
      })

      const [pendingRow] = (await search(unsigned.session.data.publicId)).applications
      expect(pendingRow.finish_link).toBe(unsigned.session.data.link)
      expect(pendingRow.finish_link).toMatch(/^https?:\/\//)
      const [signedRow] = (await search(signed.publicId)).applications
      expect(signedRow.finish_link).toBeNull()
    })

    it("reads a contract awaiting funding at the service on view, at most once a minute however often it is viewed", async () => {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
      })
      const reads = () => financing.serviceRequests.count("GET", `/v2/applications/${placed.publicId}/status`)
      const before = reads()
      const widget = `/admin/retail-financing/orders/${placed.orderId}`

      // Two views within a minute (two tabs, the widget and the list): one read of the service.
      await api.get(widget, adminHeaders)
      await api.get(widget, adminHeaders)
      await search(placed.publicId)
      expect(reads() - before).toBe(1)

      // A minute later, the next view reads again.
      const [row] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: placed.publicId,
      })
      await financingLedger(getContainer()).updateFinancingApplications({
        id: row!.id,
        viewed_read_at: new Date(Date.now() - 61_000),
      })
      await api.get(widget, adminHeaders)
      expect(reads() - before).toBe(2)
    })

    it("answers a view within its budget while the service is slow, the read going on after the answer", async () => {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
      })
      const reads = () => financing.serviceRequests.count("GET", `/v2/applications/${placed.publicId}/status`)
      const before = reads()
      const [row] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: placed.publicId,
      })
      // Slower than the view's budget, quicker than the client's timeout (2 s here): the read succeeds late.
      await setSandboxFaults(financing.sandbox, { latencyMs: 1_200 })
      try {
        const started = Date.now()
        expect(await followLenderOnView(getContainer(), [row!], 300)).toBe(0)
        expect(Date.now() - started).toBeLessThan(1_000)
        await eventually(async () => expect(reads() - before).toBe(1), 10_000)
      } finally {
        await setSandboxFaults(financing.sandbox, { latencyMs: 0 })
      }
    })
  },
})
