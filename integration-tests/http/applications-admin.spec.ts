import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type {
  ApplicationListItem,
  ApplicationsListResponse,
  ConnectionTestResponse,
  PhoneStatusResponse,
} from "../../src/domain/admin-api/types"
import {
  CHECKOUT_ADDRESS,
  actionsOf,
  financingIntegrationSuite,
  financingLedger,
  placeFinancedOrder,
  setSandboxFaults,
  startFinancedCart,
} from "../helpers"

jest.setTimeout(180_000)

type Failure = { response: { status: number; data: { type: string; message: string } } }
const failureOf = (error: Failure) => error.response

const LIST = "/admin/retail-financing/applications"

/*
 * The admin's list of the store's financing applications (the applications page), through the HTTP API:
 * what a row holds (order number, customer's name and email from Medusa's order, last action, why it needs
 * attention), the status and needs-attention filters, search by public id and order number, pagination,
 * and a 400 naming the rule for bad input. Also the status-by-phone look-up's link to the order, and the
 * settings page's connection test against a sandbox made to fail.
 *
 * States that take a fault or a crash to reach (an action failed or of unknown outcome, a completion
 * retried, a contract exception) are written on the ledger directly: how they arise is other specs' business;
 * here it is how the list shows and filters them.
 */
financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    const list = async (query = "") =>
      (await api.get<ApplicationsListResponse>(`${LIST}${query}`, adminHeaders)).data

    const idsOf = (rows: ApplicationListItem[]) => rows.map((row) => row.id).sort()

    async function displayIdOf(container: MedusaContainer, orderId: string): Promise<number> {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [order],
      } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: orderId } })
      return Number(order.display_id)
    }

    async function ledgerIdOf(publicId: string): Promise<string> {
      const [application] = await financingLedger(getContainer()).listFinancingApplications({
        public_id: publicId,
      })
      if (!application) throw new Error(`the ledger has no application ${publicId}`)
      return application.id
    }

    /** A financed order whose first action is put in `state` (failed or unknown), or left as it went. */
    async function financedOrder(phone: string, actionState?: "failed" | "unknown") {
      const placed = await placeFinancedOrder(api, getContainer(), seed, financing, {
        items: [{ variantIndex: 0, quantity: 1 }],
        address: { phone },
      })
      if (actionState) {
        const [action] = await actionsOf(getContainer(), placed.orderId)
        if (!action) throw new Error(`order ${placed.orderId} has no action`)
        await financingLedger(getContainer()).updateFinancingActions({
          id: action.id,
          state: actionState,
          last_error: actionState === "failed" ? "the service answered 409" : null,
          // Not due: no sender takes it while the test looks.
          next_attempt_at: new Date(Date.now() + 3_600_000),
        })
      }
      return { ...placed, id: await ledgerIdOf(placed.publicId) }
    }

    /** An application started at checkout, never signed (Pending). */
    async function pending() {
      const { publicId } = await startFinancedCart(api, seed)
      return { publicId, id: await ledgerIdOf(publicId) }
    }

    /** A signed contract with no order whose exception is open. */
    async function withException() {
      const started = await pending()
      expect(await financingLedger(getContainer()).ledger.openException(started.id, "cart_changed")).toBe(
        true
      )
      return started
    }

    /** Signed, its completion failed twice, no order yet and no exception. */
    async function completionFailing() {
      const started = await pending()
      await financingLedger(getContainer()).updateFinancingApplications({
        id: started.id,
        completion_attempts: 2,
        completion_error: "Some variant does not have the required inventory",
      })
      return started
    }

    it("lists every application with its order, customer, last action and what needs attention, never the phone", async () => {
      const calm = await financedOrder("512-555-0101")
      const failed = await financedOrder("512-555-0102", "failed")
      const unknown = await financedOrder("512-555-0103", "unknown")
      const open = await withException()
      const failing = await completionFailing()
      const started = await pending()

      const all = await list()
      expect(all.count).toBe(6)
      // Newest first.
      expect(all.applications.map((row) => row.id)).toEqual(
        [started, failing, open, unknown, failed, calm].map(({ id }) => id)
      )

      const row = all.applications.find((application) => application.id === calm.id)!
      expect(row.order).toEqual({
        id: calm.orderId,
        display_id: await displayIdOf(getContainer(), calm.orderId),
        customer_name: `${CHECKOUT_ADDRESS.first_name} ${CHECKOUT_ADDRESS.last_name}`,
        email: "shopper@retail-financing.test",
      })
      expect(row.public_id).toBe(calm.publicId)
      expect(row.status).toBe("SignedWaitingForInvoice")
      expect(row.amount).toEqual(expect.any(Number))
      expect(row.last_action).toEqual(
        expect.objectContaining({ kind: "order_references", state: "succeeded" })
      )
      expect(row.attention).toEqual([])
      expect(all.applications.find((application) => application.id === started.id)!.order).toBeNull()
      // The customer's phone is in Medusa's order, never in the list.
      expect(JSON.stringify(all)).not.toMatch(/512-555-01\d\d|512555/)

      const reasonsOf = (id: string) =>
        all.applications.find((application) => application.id === id)!.attention.map((reason) => reason.kind)
      expect(reasonsOf(failed.id)).toEqual(["action_failed"])
      expect(reasonsOf(unknown.id)).toEqual(["outcome_unknown"])
      expect(reasonsOf(open.id)).toEqual(["contract_exception"])
      expect(reasonsOf(failing.id)).toEqual(["completion_failing"])
      expect(reasonsOf(started.id)).toEqual([])

      // The filter and the column are one rule.
      const needing = await list("?needs_attention=true")
      expect(idsOf(needing.applications)).toEqual([failed.id, unknown.id, open.id, failing.id].sort())
      expect(needing.count).toBe(4)
      expect(needing.applications.every((application) => application.attention.length > 0)).toBe(true)
      const others = await list("?needs_attention=false")
      expect(idsOf(others.applications)).toEqual([calm.id, started.id].sort())
      expect(others.applications.every((application) => application.attention.length === 0)).toBe(true)

      // A resolved exception needs nothing more.
      await api.post(`/admin/retail-financing/applications/${open.id}/resolve`, {}, adminHeaders)
      expect(idsOf((await list("?needs_attention=true")).applications)).not.toContain(open.id)

      // By status, and with the other filters.
      const pendingOnes = await list("?status=Pending")
      expect(idsOf(pendingOnes.applications)).toEqual([open.id, failing.id, started.id].sort())
      const pendingNeeding = await list("?status=Pending&needs_attention=true")
      expect(idsOf(pendingNeeding.applications)).toEqual([failing.id])
    })

    it("finds an application by public id, ledger id or order number, and pages through the rest", async () => {
      const first = await financedOrder("512-555-0111")
      const second = await financedOrder("512-555-0112")
      const others = [await pending(), await pending(), await pending()]
      const displayId = await displayIdOf(getContainer(), second.orderId)

      for (const q of [second.publicId, second.id, second.orderId, String(displayId), `#${displayId}`]) {
        const found = await list(`?q=${encodeURIComponent(q)}`)
        expect({ q, ids: idsOf(found.applications) }).toEqual({ q, ids: [second.id] })
      }
      const none = await list(`?q=${encodeURIComponent("#999999")}`)
      expect(none).toEqual({ applications: [], count: 0, limit: 20, offset: 0 })

      const pages = [
        await list("?limit=2&offset=0"),
        await list("?limit=2&offset=2"),
        await list("?limit=2&offset=4"),
      ]
      expect(pages.map((page) => page.count)).toEqual([5, 5, 5])
      expect(pages.map((page) => page.applications.length)).toEqual([2, 2, 1])
      expect(pages.map(({ limit, offset }) => ({ limit, offset }))).toEqual([
        { limit: 2, offset: 0 },
        { limit: 2, offset: 2 },
        { limit: 2, offset: 4 },
      ])
      expect(idsOf(pages.flatMap((page) => page.applications))).toEqual(
        [first, second, ...others].map(({ id }) => id).sort()
      )
    })

    it("answers bad input with a 400 naming the field and the rule", async () => {
      // Medusa's validation middleware words the rule itself; what matters is that it names field and rule.
      const cases: [string, RegExp][] = [
        ["?needs_attention=maybe", /Expected: 'true, false' for field 'needs_attention', but got: 'maybe'/],
        ["?needs_attention=1", /Expected: 'true, false' for field 'needs_attention'/],
        ["?limit=500", /field 'limit' too big, expected at most: '100'/],
        ["?offset=-1", /field 'offset' too small, expected at least: '0'/],
        ["?status=Paid", /Expected: 'Pending, .*' for field 'status', but got: 'Paid'/],
        [`?q=${"x".repeat(101)}`, /field 'q' too big, expected at most: '100'/],
        ["?phone=512-555-0100", /phone/],
      ]
      const answers = []
      for (const [query] of cases) {
        const answer = await api.get(`${LIST}${query}`, adminHeaders).catch(failureOf)
        answers.push({ query, status: answer.status, message: answer.data.message })
      }
      expect(answers).toEqual(
        cases.map(([query, rule]) => ({ query, status: 400, message: expect.stringMatching(rule) }))
      )
      const anonymous = await api.get(LIST).catch(failureOf)
      expect(anonymous.status).toBe(401)
    })

    it("looks an application up by phone and links it to its order when the store has one", async () => {
      const placed = await financedOrder("512-555-0121")
      const { data } = await api.get<PhoneStatusResponse>(
        "/admin/retail-financing/phone-status?phone=512-555-0121",
        adminHeaders
      )
      expect(data.application).toEqual(
        expect.objectContaining({ public_id: placed.publicId, status: "SignedWaitingForInvoice" })
      )
      expect(data.ledger).toEqual({
        application_id: placed.id,
        order: { id: placed.orderId, display_id: await displayIdOf(getContainer(), placed.orderId) },
      })

      // An application the store's ledger does not have (made elsewhere): the service's answer, no link.
      const ledger = financingLedger(getContainer())
      await ledger.deleteFinancingActions(
        (await actionsOf(getContainer(), placed.orderId)).map(({ id }) => id)
      )
      await ledger.deleteFinancingApplications(placed.id)
      const unknown = await api.get<PhoneStatusResponse>(
        "/admin/retail-financing/phone-status?phone=512-555-0121",
        adminHeaders
      )
      expect(unknown.data.ledger).toBeNull()

      const nobody = await api
        .get("/admin/retail-financing/phone-status?phone=512-555-0199", adminHeaders)
        .catch(failureOf)
      expect(nobody.status).toBe(404)
      expect(nobody.data.message).toBe("The financing service has no application with this phone number.")
    })

    it("tests the connection for real: a service answering 503 is reported failing, with the time it took", async () => {
      const route = "/admin/retail-financing/settings/connection"
      const working = (await api.get<ConnectionTestResponse>(route, adminHeaders)).data.connection
      expect(working).toEqual(expect.objectContaining({ ok: true, failed_step: null }))

      // The store keeps working meanwhile: its client holds a valid token. The service then fails.
      await setSandboxFaults(financing.sandbox, { errorRate: 1 })
      try {
        const failing = (await api.get<ConnectionTestResponse>(route, adminHeaders)).data.connection
        expect(failing).toEqual(
          expect.objectContaining({
            ok: false,
            failed_step: "token",
            message:
              "The financing service is failing: it answered 503 (Service Unavailable) to the sign-in (a new token).",
          })
        )
        expect(failing.latency_ms).toBeGreaterThanOrEqual(0)
      } finally {
        await setSandboxFaults(financing.sandbox, { errorRate: 0 })
      }

      // The request reached the service: the proxy in front of the sandbox saw a token request answered 503.
      expect(
        financing.serviceRequests.log.some((entry) => entry.path === "/v2/token" && entry.status === 503)
      ).toBe(true)
    })
  },
})
