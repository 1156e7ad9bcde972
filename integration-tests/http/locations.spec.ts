import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import fillApplicationStoreCodes from "../../src/migration-scripts/fill-application-store-codes"
import { reconcileFinancingApplications } from "../../src/workflows/checkout/utils/reconcile-financing-applications"
import {
  type CheckoutSeed,
  type StoreCheckout,
  actionsOf,
  createCheckoutCart,
  eventually,
  financingIntegrationSuite,
  financingLedger,
  fulfilAndShip,
  moveApplication,
  paymentsOfSession,
  placeFinancedOrder,
  sandboxApplication,
  startFinancedCart,
} from "../helpers"
import {
  PILLOWS,
  SOFA,
  WEST,
  WEST_CHANNEL,
  WEST_MAX_AMOUNT,
  westShowroomSuiteOptions,
  westStorefront,
} from "../helpers/west-showroom"

/*
 * A retailer with two locations (issue 22): the top-level store code for every sales channel no location
 * lists, and a west showroom with its own store code, credentials, partners and a lower limit, selling
 * through its own sales channel. The sandbox holds both retailer accounts and refuses a store's token for
 * the other store's applications, so every call below succeeding is itself proof of the right token; the
 * proxy's record of each request's caller (the store of its token) shows it directly.
 */

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  // This file's store has a second location, the west showroom.
  ...westShowroomSuiteOptions(),
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    /** The seed's store as the west showroom's storefront sees it: its own publishable key and channel. */
    const west = {} as CheckoutSeed
    beforeAll(async () => {
      Object.assign(west, { ...seed, headers: await westStorefront(getContainer(), seed) })
    })

    const requests = () => financing.serviceRequests.log
    const callerOf = (entry: (typeof financing.serviceRequests.log)[number]) =>
      financing.serviceRequests.callerOf(entry)
    /** Callers of the requests since `from` whose path matches. */
    const callersSince = (from: number, path: RegExp) =>
      requests()
        .slice(from)
        .filter((entry) => path.test(entry.path))
        .map((entry) => [entry.method, entry.path, callerOf(entry)])
    const ledgerRowOf = async (publicId: string) =>
      (await financingLedger(getContainer()).listFinancingApplications({ public_id: publicId }))[0]
    const admin = () => adminHeaders

    it("makes each channel's application under its own store code, with its own token", async () => {
      const from = requests().length
      const westCart = await startFinancedCart(api, west, PILLOWS)
      const mainCart = await startFinancedCart(api, seed, PILLOWS)

      expect((await sandboxApplication(financing.sandbox, westCart.publicId)).input.storeCode).toBe(
        "TEST-WEST"
      )
      expect((await sandboxApplication(financing.sandbox, mainCart.publicId)).input.storeCode).toBe(
        "TEST-STORE"
      )
      expect((await ledgerRowOf(westCart.publicId)).store_code).toBe("TEST-WEST")
      expect((await ledgerRowOf(mainCart.publicId)).store_code).toBe("TEST-STORE")
      expect(callersSince(from, /^\/v2\/applications$/)).toEqual([
        ["POST", "/v2/applications", "TEST-WEST"],
        ["POST", "/v2/applications", "TEST-STORE"],
      ])
      // A top-level store's session holds what it always held; a location's names its store code.
      expect(westCart.session.data).toMatchObject({ storeCode: "TEST-WEST" })
      expect(mainCart.session.data).not.toHaveProperty("storeCode")
    })

    it("holds each cart to its location's limits, before and at the session start", async () => {
      const eligibility = async (store: StoreCheckout) => {
        const cart = await createCheckoutCart(api, store, SOFA)
        const { data } = await api.get(`/store/retail-financing/eligibility?cart_id=${cart.id}`, {
          headers: store.headers,
        })
        return data as { eligible: boolean; reasons: { code: string; field: string | null }[] }
      }
      expect(await eligibility(seed)).toEqual({ eligible: true, reasons: [] })
      const westAnswer = await eligibility(west)
      expect(westAnswer.eligible).toBe(false)
      expect(westAnswer.reasons).toEqual([
        expect.objectContaining({
          code: "total_above_maximum",
          field: "total",
          message: "Pay over time is available for orders from $100.00 to $1,000.00.",
        }),
      ])

      const from = requests().length
      const refused = await startFinancedCart(api, west, SOFA).catch(
        (error: { response?: { status: number } }) => error
      )
      expect((refused as { response?: { status: number } }).response?.status).toBe(400)
      expect(callersSince(from, /^\/v2\/applications/)).toEqual([])
    })

    it("quotes 'as low as' for the publishable key's location: its store code and its limits", async () => {
      const asLowAs = async (store: StoreCheckout, amount: number) =>
        (await api.get(`/store/retail-financing/as-low-as?amount=${amount}`, { headers: store.headers }))
          .data as { available: boolean; reason?: string }

      const from = requests().length
      expect(await asLowAs(west, 640)).toMatchObject({ available: true })
      expect(await asLowAs(seed, 640)).toMatchObject({ available: true })
      // The calculator needs no token (spec 2.3): the store code in its path is what names the store.
      expect(callersSince(from, /\/lowestPaymentOption$/)).toEqual([
        ["POST", expect.stringContaining("/store/TEST-WEST/"), undefined],
        ["POST", expect.stringContaining("/store/TEST-STORE/"), undefined],
      ])

      const above = requests().length
      expect(await asLowAs(west, 1500)).toMatchObject({ available: false })
      expect(await asLowAs(seed, 1500)).toMatchObject({ available: true })
      expect(callersSince(above, /\/lowestPaymentOption$/)).toEqual([
        ["POST", expect.stringContaining("/store/TEST-STORE/"), undefined],
      ])
    })

    it("places each signed contract's order, reading its status with its own store's token", async () => {
      const from = requests().length
      const westOrder = await placeFinancedOrder(api, getContainer(), west, financing, PILLOWS)
      const mainOrder = await placeFinancedOrder(api, getContainer(), seed, financing, PILLOWS)

      expect((await ledgerRowOf(westOrder.publicId)).order_id).toBe(westOrder.orderId)
      expect((await ledgerRowOf(mainOrder.publicId)).order_id).toBe(mainOrder.orderId)
      const statusReaders = (publicId: string) =>
        new Set(callersSince(from, new RegExp(`^/v2/applications/${publicId}`)).map(([, , caller]) => caller))
      expect(statusReaders(westOrder.publicId)).toEqual(new Set(["TEST-WEST"]))
      expect(statusReaders(mainOrder.publicId)).toEqual(new Set(["TEST-STORE"]))
    })

    it("captures a funded west contract, the provider reading its status with the west store's token", async () => {
      const order = await placeFinancedOrder(api, getContainer(), west, financing, PILLOWS)
      await moveApplication(financing.sandbox, order.publicId, "Funded")
      const payment = await eventually(async () => {
        const [found] = await paymentsOfSession(getContainer(), order.sessionId)
        if (!found?.captured_at) throw new Error("not captured yet")
        return found
      }, 30_000)
      expect(payment.captures).toHaveLength(1)
      // The payment's data names the store code, for every read the provider makes of it later.
      expect(payment.data).toMatchObject({ storeCode: "TEST-WEST" })
    })

    it("sends the post-sale actions of a west order with the west store's token", async () => {
      const order = await placeFinancedOrder(api, getContainer(), west, financing, PILLOWS)
      const from = requests().length
      await fulfilAndShip(api, admin(), seed, order.orderId)
      const actions = await eventually(async () => {
        const sent = await actionsOf(getContainer(), order.orderId)
        const kinds = sent.map((action) => action.kind)
        if (!kinds.includes("delivery") || sent.some((action) => action.state !== "succeeded"))
          throw new Error(`actions not all sent: ${JSON.stringify(sent.map((action) => action.state))}`)
        return sent
      }, 30_000)
      expect(actions.map((action) => action.kind)).toEqual(
        expect.arrayContaining(["order_references", "invoice", "delivery"])
      )
      const calls = callersSince(from, new RegExp(`^/v2/applications/${order.publicId}/`))
      expect(calls.length).toBeGreaterThan(0)
      expect(new Set(calls.map(([, , caller]) => caller))).toEqual(new Set(["TEST-WEST"]))
    })

    it("reconciles with one list call per store code and day, each with that store's token", async () => {
      const westCart = await startFinancedCart(api, west, PILLOWS)
      await startFinancedCart(api, seed, PILLOWS)
      const day = new Date().toISOString().slice(0, 10)

      const from = requests().length
      const report = await reconcileFinancingApplications(getContainer())
      expect(report.failed).toBe(0)
      const lists = callersSince(from, /^\/v2\/applications\/from\//)
      expect(lists).toEqual(
        expect.arrayContaining([
          ["GET", `/v2/applications/from/TEST-WEST/at/${day}`, "TEST-WEST"],
          ["GET", `/v2/applications/from/TEST-STORE/at/${day}`, "TEST-STORE"],
        ])
      )
      expect(lists).toHaveLength(2)
      // Listed, the west application was not read on its own.
      expect(callersSince(from, new RegExp(`^/v2/applications/${westCart.publicId}/status$`))).toEqual([])
    })

    it("refreshes only the refused store's token on a 401, leaving the other store's in use", async () => {
      const westOrder = await placeFinancedOrder(api, getContainer(), west, financing, PILLOWS)
      const mainCart = await startFinancedCart(api, seed, PILLOWS)
      const expired = await fetch(`${financing.sandbox.url}/sandbox/tokens/expire?store_code=TEST-WEST`, {
        method: "POST",
      })
      expect(expired.status).toBe(200)

      const from = requests().length
      // Two reads by the admin's order page and the lender's move: one store's token is refused, the other's is not.
      await financingLedger(getContainer()).getClient("TEST-WEST").getApplicationStatus(westOrder.publicId)
      await financingLedger(getContainer()).getClient("TEST-STORE").getApplicationStatus(mainCart.publicId)
      expect(
        requests()
          .slice(from)
          .map((entry) => [entry.method, entry.path, entry.status, callerOf(entry)])
      ).toEqual([
        ["GET", `/v2/applications/${westOrder.publicId}/status`, 401, "TEST-WEST"],
        ["POST", "/v2/token", 200, "user:west-user"],
        ["GET", `/v2/applications/${westOrder.publicId}/status`, 200, "TEST-WEST"],
        ["GET", `/v2/applications/${mainCart.publicId}/status`, 200, "TEST-STORE"],
      ])
    })

    it("shows every location on the settings page, with its own partners and its own connection test", async () => {
      const { data } = await api.get("/admin/retail-financing/settings", admin())
      expect(data.store_code).toBe("TEST-STORE")
      expect(data.locations).toEqual([
        expect.objectContaining({
          store_code: "TEST-STORE",
          sales_channel_ids: [],
          own_credentials: false,
          max_amount: 5000,
          partners_error: null,
        }),
        expect.objectContaining({
          store_code: "TEST-WEST",
          sales_channel_ids: [WEST_CHANNEL],
          own_credentials: true,
          max_amount: WEST_MAX_AMOUNT,
          partners: [expect.objectContaining({ code: "WESTLEASE", display_name: "West Lease" })],
          partners_error: null,
        }),
      ])
      expect(data.locations[0].partners.map((partner: { code: string }) => partner.code)).not.toContain(
        "WESTLEASE"
      )
      expect(JSON.stringify(data)).not.toContain(WEST.password)

      const from = requests().length
      const test = await api.get("/admin/retail-financing/settings/connection?store_code=TEST-WEST", admin())
      expect(test.data.connection).toMatchObject({ ok: true, failed_step: null })
      expect(callersSince(from, /^\/v2\/token$/)).toEqual([["POST", "/v2/token", "user:west-user"]])

      const unknown = await api
        .get("/admin/retail-financing/settings/connection?store_code=TEST-NORTH", admin())
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toContain("TEST-NORTH")
    })

    it("shows each application's store on the applications page and filters by it", async () => {
      const { publicId: westId } = await startFinancedCart(api, west, PILLOWS)
      const { publicId: mainId } = await startFinancedCart(api, seed, PILLOWS)
      const { data } = await api.get(
        "/admin/retail-financing/applications?store_code=TEST-WEST&limit=100",
        admin()
      )
      expect(
        data.applications.map((row: { public_id: string; store_code: string }) => [
          row.public_id,
          row.store_code,
        ])
      ).toEqual([[westId, "TEST-WEST"]])
      const all = await api.get("/admin/retail-financing/applications?limit=100", admin())
      expect(
        all.data.applications.map((row: { public_id: string; store_code: string }) => [
          row.public_id,
          row.store_code,
        ])
      ).toEqual([
        [mainId, "TEST-STORE"],
        [westId, "TEST-WEST"],
      ])
    })

    it("finds an application by phone at whichever store has it", async () => {
      const phone = "916-555-0177"
      const { publicId } = await startFinancedCart(api, west, { ...PILLOWS, address: { phone } })
      const { data } = await api.get(`/admin/retail-financing/phone-status?phone=${phone}`, admin())
      expect(data.application.public_id).toBe(publicId)
      expect(data.ledger).not.toBeNull()
    })

    it("gives rows recorded before store codes the top-level code, by its migration script", async () => {
      const { publicId } = await startFinancedCart(api, seed, PILLOWS)
      const container = getContainer()
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw("UPDATE retail_financing_application SET store_code = NULL WHERE public_id = ?", [
        publicId,
      ])
      // Until the script runs, the row counts as the top-level store's everywhere.
      const listed = await api.get(
        "/admin/retail-financing/applications?store_code=TEST-STORE&limit=100",
        admin()
      )
      expect(listed.data.applications.map((row: { public_id: string }) => row.public_id)).toContain(publicId)

      await fillApplicationStoreCodes({ container })
      expect((await ledgerRowOf(publicId)).store_code).toBe("TEST-STORE")
    })
  },
})
