import type { AxiosInstance, AxiosResponse } from "axios"

import { lowestPaymentOption } from "../../src/sandbox/calculator"
import { financingIntegrationSuite, setSandboxFaults } from "../helpers"

/*
 * "As low as" messaging through the real store API, on PostgreSQL, with the sandbox as the service.
 * medusa-config.ts finances 100.00 to 5000.00 for TEST-STORE, with a 2 s service timeout and no retries.
 *
 * The plugin's cache lives in the app's process, which stays up for the whole file (only the database is
 * restored between tests), so each test asks about amounts no other test uses.
 *
 * The element rendering this route's answer in Chromium is a test of the browser project, on the app the
 * admin widget's browser test boots (integration-tests/browser/order-widget.spec.ts).
 */

const ROUTE = "/store/retail-financing/as-low-as"
const CALCULATOR = /^\/v2\/calculator\/store\/TEST-STORE\/amount\/[^/]+\/lowestPaymentOption$/

jest.setTimeout(60_000)

financingIntegrationSuite({
  storefront: true,
  stopJobs: "all",
  testSuite: ({ api, financing, storefront }) => {
    const calculatorCalls = () => financing.serviceRequests.count("POST", CALCULATOR)

    /** The store route's answer, whatever its status. */
    function asLowAs(amount: string, headers: Record<string, string> = storefront.headers) {
      return (api as AxiosInstance).get(`${ROUTE}?amount=${encodeURIComponent(amount)}`, {
        headers,
        validateStatus: () => true,
      })
    }

    describe("GET /store/retail-financing/as-low-as", () => {
      it("answers the sandbox calculator's lowest monthly payment for the amount", async () => {
        const before = calculatorCalls()

        const response = await asLowAs("1299.99")

        const quoted = lowestPaymentOption("TEST-STORE", 1299.99)
        expect(response.status).toBe(200)
        expect(response.data).toEqual({
          as_low_as: {
            amount: "1299.99",
            monthly_payment: quoted.minMonthlyPayment.toFixed(2),
            months: quoted.financePeriod,
            partner_code: quoted.financingPartnerCode,
            partner_display_name: quoted.financingPartnerDisplayName,
            disclaimer: quoted.disclaimer,
            early_buyout_options: quoted.earlyBuyoutOptions.map((buyout) => ({
              month: buyout.month,
              payment: buyout.earlyBuyoutPayment.toFixed(2),
              savings_percentage: buyout.savingsPercentage,
            })),
          },
          available: true,
          reason: null,
          min_amount: "100.00",
          max_amount: "5000.00",
        })
        expect(response.data.as_low_as.monthly_payment).toBe("173.34")
        expect(maxAge(response)).toBeGreaterThan(290)
        expect(maxAge(response)).toBeLessThanOrEqual(300)
        expect(response.headers.vary).toMatch(/x-publishable-api-key/i)
        expect(financing.serviceRequests.log.slice(before).map(({ path }) => path)).toEqual([
          "/v2/calculator/store/TEST-STORE/amount/1299.99/lowestPaymentOption",
        ])
      })

      it("serves a second request for the amount from its cache", async () => {
        const first = await asLowAs("1499.00")
        const before = calculatorCalls()

        const second = await asLowAs("1499.00")
        // The same amount written another way is the same number of cents, and the same entry.
        const third = await asLowAs("1499")

        expect(calculatorCalls()).toBe(before)
        expect(second.data).toEqual(first.data)
        expect(third.data).toEqual(first.data)
      })

      it("makes one call to the service for concurrent requests of one amount", async () => {
        // A slow service keeps the first call in flight while the others arrive.
        await setSandboxFaults(financing.sandbox, { latencyMs: 400 })
        try {
          const before = calculatorCalls()

          const responses = await Promise.all(Array.from({ length: 20 }, () => asLowAs("2222.22")))

          expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
          expect(new Set(responses.map((response) => JSON.stringify(response.data))).size).toBe(1)
          expect(responses[0].data.available).toBe(true)
          expect(calculatorCalls() - before).toBe(1)
        } finally {
          await setSandboxFaults(financing.sandbox, { latencyMs: 0 })
        }
      })

      it.each([
        ["99.99", "below_minimum"],
        ["5000.01", "above_maximum"],
      ])("answers %s as %s without asking the service", async (amount, reason) => {
        const before = calculatorCalls()

        const response = await asLowAs(amount)

        expect(response.status).toBe(200)
        expect(response.data).toEqual({
          as_low_as: null,
          available: false,
          reason,
          min_amount: "100.00",
          max_amount: "5000.00",
        })
        expect(calculatorCalls()).toBe(before)
      })

      it("finances the minimum and the maximum themselves", async () => {
        expect((await asLowAs("100.00")).data.available).toBe(true)
        expect((await asLowAs("5000")).data.available).toBe(true)
      })

      it.each([
        ["12.345", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
        ["1,299.99", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
        ["abc", "amount must be a decimal number of dollars with at most 2 decimals, such as 1299.99"],
        ["0", "amount must be greater than 0"],
      ])("refuses amount=%s with a 400 that names the field and the rule", async (amount, rule) => {
        const before = calculatorCalls()

        const response = await asLowAs(amount)

        expect(response.status).toBe(400)
        expect(response.data).toMatchObject({ type: "invalid_data", message: `Invalid request: ${rule}` })
        expect(calculatorCalls()).toBe(before)
      })

      it("refuses a request without an amount, naming it", async () => {
        const response = await (api as AxiosInstance).get(ROUTE, {
          headers: storefront.headers,
          validateStatus: () => true,
        })

        expect(response.status).toBe(400)
        expect(response.data.message).toBe("Invalid request: Field 'amount' is required")
      })

      it("answers without an offer, not with an error, while the service fails; and spares it meanwhile", async () => {
        await setSandboxFaults(financing.sandbox, { errorRate: 1 })
        try {
          const before = calculatorCalls()

          const failed = await asLowAs("1777.77")
          const again = await asLowAs("1777.77")

          for (const response of [failed, again]) {
            expect(response.status).toBe(200)
            expect(response.data).toEqual({
              as_low_as: null,
              available: false,
              reason: "unavailable",
              min_amount: "100.00",
              max_amount: "5000.00",
            })
            expect(response.headers["cache-control"]).toBe("no-store")
          }
          // The failure is kept a few seconds: the second request did not ask again.
          expect(calculatorCalls() - before).toBe(1)
          expect(financing.serviceRequests.log.at(-1)?.status).toBe(503)
        } finally {
          await setSandboxFaults(financing.sandbox, { errorRate: 0 })
        }
      })

      it("answers without an offer when the service is slower than the plugin's timeout", async () => {
        await setSandboxFaults(financing.sandbox, { latencyMs: 2_500 })
        try {
          const started = Date.now()
          const response = await asLowAs("1888.88")

          expect(response.status).toBe(200)
          expect(response.data).toMatchObject({ as_low_as: null, reason: "unavailable" })
          expect(Date.now() - started).toBeLessThan(4_500)
        } finally {
          await setSandboxFaults(financing.sandbox, { latencyMs: 0 })
        }
      })

      it("keeps Medusa's publishable key check", async () => {
        const response = await asLowAs("1299.99", {})

        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(/publishable api key required/i)
      })
    })

    describe("GET /retail-financing/as-low-as.js", () => {
      it("serves the web component as a cacheable script any storefront origin may load, without a key", async () => {
        const response = await (api as AxiosInstance).get<string>("/retail-financing/as-low-as.js", {
          responseType: "text",
        })

        expect(response.status).toBe(200)
        expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8")
        expect(response.headers["cache-control"]).toBe("public, max-age=3600")
        expect(response.headers["access-control-allow-origin"]).toBe("*")
        expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
        expect(response.data).toContain("customElements.define(TAG, RetailFinancingAsLowAs)")
        expect(() => new Function(response.data)).not.toThrow()

        const revalidated = await (api as AxiosInstance).get("/retail-financing/as-low-as.js", {
          headers: { "if-none-match": response.headers.etag as string },
          validateStatus: () => true,
        })
        expect(revalidated.status).toBe(304)
      })
    })
  },
})

function maxAge(response: AxiosResponse): number {
  const match = /^public, max-age=(\d+)$/.exec(String(response.headers["cache-control"]))
  if (!match) throw new Error(`not a public max-age: ${String(response.headers["cache-control"])}`)
  return Number(match[1])
}
