import type { LowestPaymentOption } from "../../../lib/financing/schemas"
import { lowestPaymentOption } from "../../../sandbox/calculator"
import { AsLowAsQuoter, type AsLowAsQuoterOptions, type AsLowAsSettings } from "../quoter"

const SETTINGS: AsLowAsSettings = {
  storeCode: "STORE-1",
  minCents: 10_000,
  maxCents: 500_000,
  cacheSeconds: 300,
}

type Overrides = Omit<Partial<AsLowAsQuoterOptions>, "settings"> & { settings?: Partial<AsLowAsSettings> }

function setup(overrides: Overrides = {}) {
  let now = 1_700_000_000_000
  const calls: [string, number][] = []
  const source = {
    lowestPaymentOption: jest.fn(async (storeCode: string, amount: number): Promise<LowestPaymentOption> => {
      calls.push([storeCode, amount])
      return lowestPaymentOption(storeCode, amount)
    }),
  }
  const warn = jest.fn<void, [string]>()
  const quoter = new AsLowAsQuoter({
    source,
    warn,
    now: () => now,
    ...overrides,
    settings: { ...SETTINGS, ...overrides.settings },
  })
  return { quoter, source, calls, warn, advance: (ms: number) => (now += ms) }
}

describe("AsLowAsQuoter", () => {
  it("answers the service's lowest payment for the amount, asking with the store code and the exact amount", async () => {
    const { quoter, calls } = setup()

    const { body, maxAgeSeconds } = await quoter.quote(129_999)

    expect(calls).toEqual([["STORE-1", 1299.99]])
    expect(body).toEqual({
      as_low_as: expect.objectContaining({
        amount: "1299.99",
        monthly_payment: "173.34",
        months: 12,
        partner_display_name: "Sandbox Lease",
      }),
      available: true,
      reason: null,
      min_amount: "100.00",
      max_amount: "5000.00",
    })
    expect(maxAgeSeconds).toBe(300)
  })

  it("serves the same amount from its cache, with a max-age that counts down to the cache's expiry", async () => {
    const { quoter, source, advance } = setup()

    await quoter.quote(129_999)
    advance(100_500)
    const again = await quoter.quote(129_999)

    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(1)
    expect(again.maxAgeSeconds).toBe(199)
    expect(again.body.available).toBe(true)
  })

  it.each([
    [9_999, "below_minimum"],
    [500_001, "above_maximum"],
  ])("answers %i cents as %s without asking the service", async (cents, reason) => {
    const { quoter, source } = setup()

    const { body, maxAgeSeconds } = await quoter.quote(cents)

    expect(body).toEqual({
      as_low_as: null,
      available: false,
      reason,
      min_amount: "100.00",
      max_amount: "5000.00",
    })
    expect(maxAgeSeconds).toBe(300)
    expect(source.lowestPaymentOption).not.toHaveBeenCalled()
  })

  it("finances the limits themselves", async () => {
    const { quoter } = setup()

    expect((await quoter.quote(10_000)).body.available).toBe(true)
    expect((await quoter.quote(500_000)).body.available).toBe(true)
  })

  it("asks for any amount when the store sets no limits", async () => {
    const { quoter } = setup({ settings: { minCents: null, maxCents: null } })

    const { body } = await quoter.quote(1)

    expect(body).toMatchObject({ available: true, min_amount: null, max_amount: null })
  })

  it("answers without an offer when the service fails, warns once in a while, and keeps the failure briefly", async () => {
    const { quoter, source, warn, advance } = setup()
    source.lowestPaymentOption.mockRejectedValue(
      Object.assign(
        new Error(
          "POST /v2/calculator/store/{code}/amount/{financedAmount}/lowestPaymentOption answered 503"
        ),
        {
          name: "FinancingServerError",
        }
      )
    )

    const first = await quoter.quote(129_999)
    const second = await quoter.quote(129_999)

    expect(first).toEqual({
      body: {
        as_low_as: null,
        available: false,
        reason: "unavailable",
        min_amount: "100.00",
        max_amount: "5000.00",
      },
      maxAgeSeconds: 0,
    })
    expect(second.body.reason).toBe("unavailable")
    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toBe(
      'retail-financing: "as low as" offers are unavailable, answering without one: FinancingServerError: ' +
        "POST /v2/calculator/store/{code}/amount/{financedAmount}/lowestPaymentOption answered 503"
    )

    advance(5_000)
    source.lowestPaymentOption.mockImplementation(async (code, amount) => lowestPaymentOption(code, amount))
    expect((await quoter.quote(129_999)).body.available).toBe(true)
    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(2)
  })

  it("treats an answer no shopper should see as a failure", async () => {
    const { quoter, source, warn } = setup()
    source.lowestPaymentOption.mockResolvedValue({
      ...lowestPaymentOption("STORE-1", 10),
      minMonthlyPayment: 0,
    })

    expect((await quoter.quote(129_999)).body.reason).toBe("unavailable")
    expect(warn.mock.calls[0][0]).toContain("UnusableOfferError")
  })

  it("makes one call for 50 concurrent requests of an amount", async () => {
    const { quoter, source } = setup()

    const answers = await Promise.all(Array.from({ length: 50 }, () => quoter.quote(250_000)))

    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(1)
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
  })

  it("stops waiting for a slow service, and the late answer serves the next request", async () => {
    let release!: () => void
    const { quoter, source, warn } = setup({ limits: { waitMs: 20 } })
    source.lowestPaymentOption.mockImplementation(
      (code, amount) =>
        new Promise((resolve) => {
          release = () => resolve(lowestPaymentOption(code, amount))
        })
    )

    const late = await quoter.quote(129_999)
    expect(late).toMatchObject({ body: { as_low_as: null, reason: "unavailable" }, maxAgeSeconds: 0 })
    expect(warn.mock.calls[0][0]).toContain("no answer within 20 ms")

    release()
    await new Promise((resolve) => setImmediate(resolve))
    expect((await quoter.quote(129_999)).body.available).toBe(true)
    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(1)
  })

  it("with a cache time of 0 asks every time and lets no browser keep the answer", async () => {
    const { quoter, source } = setup({ settings: { cacheSeconds: 0 } })

    const first = await quoter.quote(129_999)
    await quoter.quote(129_999)

    expect(first.maxAgeSeconds).toBe(0)
    expect(source.lowestPaymentOption).toHaveBeenCalledTimes(2)
  })
})
