import {
  eventually,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  postSaleOf,
  sandboxApplication,
  startFinancedCart,
} from "../helpers"

jest.setTimeout(120_000)

type ApiError = { response: { status: number; data: { message: string } } }
const failureOf = (error: ApiError) => error.response

/*
 * The merchant's side of exceptions (signed contracts with no order): listing them, voiding the contract at
 * the service, and marking one resolved. The service's callbacks are dropped, so signing makes no order and
 * the exception is opened on the ledger directly: how exceptions arise is the checkout specs' business.
 */
financingIntegrationSuite({
  sandbox: { faults: { dropCallbackRate: 1 }, returnSettleMs: 60_000 },
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    /** A contract signed at the service whose cart has no order, its exception open on the ledger. */
    async function signedWithoutOrder(status = "SignedWaitingForInvoice") {
      const { session, cart } = await startFinancedCart(api, seed)
      const publicId = session.data.publicId
      if (status !== "Pending") await moveApplication(financing.sandbox, publicId, status)
      const ledger = financingLedger(getContainer())
      const { application } = await ledger.ledger.recordApplication({
        publicId,
        sessionId: session.id,
        cartId: cart.id,
        amount: Number(cart.total),
        observed: await ledger.getClient().getApplicationStatus(publicId),
      })
      expect(await ledger.ledger.openException(application.id, "cart_changed")).toBe(true)
      return { id: application.id, publicId, cartId: cart.id }
    }

    it("lists open exceptions with what happened and what to do, and nothing of the shopper", async () => {
      const signed = await signedWithoutOrder()
      const { data } = await api.get("/admin/retail-financing/exceptions", adminHeaders)
      expect(data.count).toBe(1)
      expect(data.exceptions[0]).toEqual(
        expect.objectContaining({
          id: signed.id,
          public_id: signed.publicId,
          cart_id: signed.cartId,
          order_id: null,
          status: "SignedWaitingForInvoice",
          exception: expect.objectContaining({
            reason: "cart_changed",
            description: expect.stringContaining("items or total changed"),
            what_to_do: expect.stringContaining("Void it at the financing service"),
            resolution: null,
          }),
        })
      )
      const text = JSON.stringify(data)
      const shopper = (await sandboxApplication(financing.sandbox, signed.publicId)).input
      for (const detail of [shopper.firstName, shopper.lastName, shopper.email, shopper.mobilePhone])
        if (detail) expect(text).not.toContain(detail)

      const open = await api.get("/admin/retail-financing/applications?exception=open", adminHeaders)
      expect(open.data.applications.map((application: { id: string }) => application.id)).toEqual([signed.id])
      const none = await api.get("/admin/retail-financing/applications?exception=none", adminHeaders)
      expect(none.data.applications.map((application: { id: string }) => application.id)).not.toContain(
        signed.id
      )
      const found = await api.get(`/admin/retail-financing/applications?q=${signed.publicId}`, adminHeaders)
      expect(found.data.count).toBe(1)
    })

    it("refuses a bad filter by name, and a caller who is not an admin", async () => {
      const bad = await api
        .get("/admin/retail-financing/applications?exception=maybe&limit=500", adminHeaders)
        .catch(failureOf)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("exception")
      const anonymous = await api.get("/admin/retail-financing/exceptions").catch(failureOf)
      expect(anonymous.status).toBe(401)
    })

    it("voids a signed contract with one whole-contract Return at the service, once", async () => {
      const signed = await signedWithoutOrder()
      const { data } = await api.post(
        `/admin/retail-financing/applications/${signed.id}/void`,
        {},
        adminHeaders
      )
      expect(data.application.exception).toEqual(
        expect.objectContaining({ resolution: "voided", resolved_by: expect.stringMatching(/^user_/) })
      )
      expect(data.actions).toEqual([
        expect.objectContaining({ kind: "return", cause: `void:${signed.id}`, state: "succeeded" }),
      ])
      const sent = await eventually(async () => {
        const postSale = await postSaleOf(financing, signed.publicId)
        if (postSale.returnRequests.length === 0) throw new Error("no return request yet")
        return postSale
      })
      expect(sent.returnRequests).toEqual([expect.objectContaining({ returnType: 2 })])
      expect(sent.returnRequests[0]).not.toHaveProperty("amount")

      const again = await api
        .post(`/admin/retail-financing/applications/${signed.id}/void`, {}, adminHeaders)
        .catch(failureOf)
      expect(again.status).toBe(400)
      expect(again.data.message).toBe("This exception was already voided.")
      expect((await postSaleOf(financing, signed.publicId)).returnRequests).toHaveLength(1)
    })

    it("refuses to void what is not signed, or has no exception", async () => {
      const unsigned = await signedWithoutOrder("Approved")
      const refused = await api
        .post(`/admin/retail-financing/applications/${unsigned.id}/void`, {}, adminHeaders)
        .catch(failureOf)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe(
        "A contract can be voided only once signed; this application is Approved."
      )

      const { session } = await startFinancedCart(api, seed)
      const ledger = financingLedger(getContainer())
      const [plain] = await ledger.listFinancingApplications({ public_id: session.data.publicId })
      const plainId =
        plain?.id ??
        (
          await ledger.ledger.recordApplication({
            publicId: session.data.publicId,
            sessionId: session.id,
            cartId: null,
            amount: 1,
          })
        ).application.id
      const noException = await api
        .post(`/admin/retail-financing/applications/${plainId}/void`, {}, adminHeaders)
        .catch(failureOf)
      expect(noException.status).toBe(400)
      expect(noException.data.message).toContain("Only an application with an open exception")
      for (const publicId of [unsigned.publicId, session.data.publicId])
        expect((await postSaleOf(financing, publicId)).returnRequests).toHaveLength(0)
    })

    it("marks an exception resolved by the merchant, once, and leaves the service alone", async () => {
      const signed = await signedWithoutOrder()
      const { data } = await api.post(
        `/admin/retail-financing/applications/${signed.id}/resolve`,
        {},
        adminHeaders
      )
      expect(data.application.exception).toEqual(
        expect.objectContaining({
          reason: "cart_changed",
          resolution: "resolved",
          resolved_at: expect.any(String),
        })
      )
      const listed = await api.get("/admin/retail-financing/exceptions", adminHeaders)
      expect(listed.data.count).toBe(0)
      const again = await api
        .post(`/admin/retail-financing/applications/${signed.id}/resolve`, {}, adminHeaders)
        .catch(failureOf)
      expect(again.status).toBe(400)
      expect(again.data.message).toBe("This exception was already resolved.")
      expect((await postSaleOf(financing, signed.publicId)).returnRequests).toHaveLength(0)
    })
  },
})
