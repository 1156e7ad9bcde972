import { FinancingClient } from "../client"
import { FinancingAuthenticationError, FinancingServerError } from "../errors"
import { TOKEN_LIFETIME_MS, TokenCache, jwtExpiry } from "../token-cache"
import { ScriptedService } from "./support/scripted-service"
import { bearerOf, clientFor, fakeJwt, rejectionOf, scriptTokens, sleep } from "./support/fixtures"

const MINUTE = 60 * 1000
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0)

describe("TokenCache (injected clock)", () => {
  function cacheWith(tokens: string[], options: { refreshMarginMs?: number } = {}) {
    let now = T0
    const fetchToken = jest.fn(async () => {
      const next = tokens.shift()
      if (!next) throw new Error("no more tokens scripted")
      return next
    })
    const cache = new TokenCache({ fetchToken, now: () => now, ...options })
    return { cache, fetchToken, at: (offsetMs: number) => (now = T0 + offsetMs) }
  }

  it("keeps a token without exp for its hour less the default 5-minute margin", async () => {
    const { cache, fetchToken, at } = cacheWith(["opaque-1", "opaque-2"])

    await expect(cache.get()).resolves.toBe("opaque-1")
    at(55 * MINUTE - 1)
    await expect(cache.get()).resolves.toBe("opaque-1")
    expect(fetchToken).toHaveBeenCalledTimes(1)

    at(55 * MINUTE)
    await expect(cache.get()).resolves.toBe("opaque-2")
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it("uses the configured margin", async () => {
    const { cache, fetchToken, at } = cacheWith(["opaque-1", "opaque-2"], { refreshMarginMs: 60_000 })

    await cache.get()
    at(59 * MINUTE - 1)
    await expect(cache.get()).resolves.toBe("opaque-1")
    at(59 * MINUTE)
    await expect(cache.get()).resolves.toBe("opaque-2")
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it("renews before a JWT's exp when it is sooner than the hour", async () => {
    const soon = fakeJwt({ exp: (T0 + 20 * MINUTE) / 1000 })
    const { cache, at } = cacheWith([soon, "next"])

    await cache.get()
    at(15 * MINUTE - 1)
    await expect(cache.get()).resolves.toBe(soon)
    at(15 * MINUTE)
    await expect(cache.get()).resolves.toBe("next")
  })

  it("never trusts an exp later than the spec's hour", async () => {
    const late = fakeJwt({ exp: (T0 + 24 * 60 * MINUTE) / 1000 })
    const { cache, at } = cacheWith([late, "next"])

    await cache.get()
    at(TOKEN_LIFETIME_MS - 5 * MINUTE)
    await expect(cache.get()).resolves.toBe("next")
  })

  it("caps the margin at half of a short lifetime, so a short token is still used", async () => {
    const short = fakeJwt({ exp: (T0 + 4 * MINUTE) / 1000 })
    const { cache, at } = cacheWith([short, "next"])

    await cache.get()
    at(2 * MINUTE - 1)
    await expect(cache.get()).resolves.toBe(short)
    at(2 * MINUTE)
    await expect(cache.get()).resolves.toBe("next")
  })

  it("merges concurrent requests for a token into one", async () => {
    const { cache, fetchToken } = cacheWith(["only"])
    const tokens = await Promise.all(Array.from({ length: 25 }, () => cache.get()))
    expect(new Set(tokens)).toEqual(new Set(["only"]))
    expect(fetchToken).toHaveBeenCalledTimes(1)
  })

  it("shares one failure among concurrent callers and asks again on the next call", async () => {
    let calls = 0
    const cache = new TokenCache({
      fetchToken: async () => {
        calls += 1
        if (calls === 1) throw new Error("refused")
        return "second"
      },
    })

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => cache.get()))
    expect(results.every((result) => result.status === "rejected")).toBe(true)
    expect(calls).toBe(1)
    await expect(cache.get()).resolves.toBe("second")
    expect(calls).toBe(2)
  })

  it("invalidate drops the current token, but not a newer one", async () => {
    const { cache, fetchToken } = cacheWith(["one", "two"])
    await cache.get()

    cache.invalidate("one")
    await expect(cache.get()).resolves.toBe("two")
    cache.invalidate("one") // a late 401 for the old token
    await expect(cache.get()).resolves.toBe("two")
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it.each([
    ["an opaque token", "opaque", undefined],
    ["a payload that is not JSON", "a.bm90IGpzb24.c", undefined],
    ["an exp that is a string", fakeJwt({ exp: "1700000000" }), undefined],
    ["no exp", fakeJwt({}), undefined],
    ["a numeric exp", fakeJwt({ exp: 1_700_000_000 }), 1_700_000_000_000],
  ])("jwtExpiry reads %s", (_title, token, expected) => {
    expect(jwtExpiry(token)).toBe(expected)
  })
})

describe("the client's token over HTTP", () => {
  let service: ScriptedService
  let client: FinancingClient

  beforeEach(async () => {
    service = await ScriptedService.start()
    client = clientFor(service)
  })

  afterEach(async () => {
    await service.close()
  })

  const tokenRequests = () => service.requestsTo("POST", "/v2/token")

  it("makes exactly one token request for 50 concurrent first calls, and reuses it afterwards", async () => {
    const jwt = fakeJwt()
    // A slow token endpoint makes sure every caller arrives while the first request is in flight.
    service.on("POST", "/v2/token", { json: { jwt }, delayMs: 50 })
    service.on("GET", "/v2/returnreasons", { json: [] })

    await Promise.all(Array.from({ length: 50 }, () => client.listReturnReasons()))
    await client.listReturnReasons()
    await client.listReturnReasons()

    expect(tokenRequests()).toHaveLength(1)
    const calls = service.requestsTo("GET", "/v2/returnreasons")
    expect(calls).toHaveLength(52)
    expect(new Set(calls.map(bearerOf))).toEqual(new Set([jwt]))
  })

  it("renews a token whose JWT exp is near before it lapses", async () => {
    // exp 1 s from now, margin 400 ms: used for about 600 ms, then renewed while still valid.
    const first = fakeJwt({ exp: (Date.now() + 1_000) / 1000 }, "first")
    const second = fakeJwt({ exp: (Date.now() + 60_000) / 1000 }, "second")
    scriptTokens(service, first, second)
    service.on("GET", "/v2/returnreasons", { json: [] })
    const shortLived = clientFor(service, { tokenRefreshMarginMs: 400 })

    await shortLived.listReturnReasons()
    await shortLived.listReturnReasons()
    expect(tokenRequests()).toHaveLength(1)

    await sleep(700)
    await shortLived.listReturnReasons()

    expect(tokenRequests()).toHaveLength(2)
    const calls = service.requestsTo("GET", "/v2/returnreasons")
    expect(calls.map(bearerOf)).toEqual([first, first, second])
    // Renewed before the first token's exp, not after a 401.
    expect(tokenRequests()[1].receivedAt).toBeLessThan(jwtExpiry(first)!)
  })

  it("refreshes once when 20 concurrent calls meet a 401, and all 20 succeed", async () => {
    scriptTokens(service, "token-old", "token-new")
    service.on("GET", "/v2/returnreasons", (request) =>
      bearerOf(request) === "token-new" ? { json: [] } : { status: 401, json: { message: "token expired" } }
    )
    await client.getToken()

    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.listReturnReasons()))

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(20)
    expect(tokenRequests()).toHaveLength(2)
    const calls = service.requestsTo("GET", "/v2/returnreasons")
    expect(calls.filter((request) => bearerOf(request) === "token-old")).toHaveLength(20)
    expect(calls.filter((request) => bearerOf(request) === "token-new")).toHaveLength(20)
  })

  it("refreshes once when 401s arrive spread out, some after the refresh has finished", async () => {
    scriptTokens(service, "token-old", "token-new")
    let refused = 0
    service.on("GET", "/v2/returnreasons", (request) => {
      if (bearerOf(request) === "token-new") return { json: [] }
      refused += 1
      return { status: 401, delayMs: refused * 10 }
    })

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => client.listReturnReasons()))

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10)
    expect(tokenRequests()).toHaveLength(2)
  })

  it("fails with FinancingAuthenticationError after exactly one refresh when the retry also gets 401", async () => {
    scriptTokens(service, "token-1", "token-2", "token-3")
    service.on("GET", "/v2/financingpartners", { status: 401, json: { message: "store suspended" } })

    const error = await rejectionOf(client.listFinancingPartners())

    expect(error).toBeInstanceOf(FinancingAuthenticationError)
    expect((error as FinancingAuthenticationError).status).toBe(401)
    expect(tokenRequests()).toHaveLength(2)
    expect(service.requestsTo("GET", "/v2/financingpartners").map(bearerOf)).toEqual(["token-1", "token-2"])
  })

  it("does not refresh on 403", async () => {
    scriptTokens(service, "token-1", "token-2")
    service.on("GET", "/v2/financingpartners", { status: 403 })

    const error = await rejectionOf(client.listFinancingPartners())

    expect(error).toBeInstanceOf(FinancingAuthenticationError)
    expect(tokenRequests()).toHaveLength(1)
    expect(service.requestsTo("GET", "/v2/financingpartners")).toHaveLength(1)
  })

  it.each([401, 400])(
    "fails fast on wrong credentials (token endpoint %i): one shared token request per call",
    async (status) => {
      service.on("POST", "/v2/token", { status, json: { message: "invalid username or password" } })
      service.on("GET", "/v2/returnreasons", { json: [] })

      const results = await Promise.allSettled(Array.from({ length: 10 }, () => client.listReturnReasons()))

      expect(tokenRequests()).toHaveLength(1)
      for (const result of results) {
        expect(result.status).toBe("rejected")
        const error = (result as PromiseRejectedResult).reason as FinancingAuthenticationError
        expect(error).toBeInstanceOf(FinancingAuthenticationError)
        expect(error.status).toBe(status)
        expect(error.endpoint).toBe("POST /v2/token")
        expect(error.messages).toEqual(["invalid username or password"])
      }

      // No negative caching and no retry: each later call asks exactly once more.
      await expect(client.listReturnReasons()).rejects.toBeInstanceOf(FinancingAuthenticationError)
      await expect(client.getToken()).rejects.toBeInstanceOf(FinancingAuthenticationError)
      expect(tokenRequests()).toHaveLength(3)
      expect(service.requestsTo("GET", "/v2/returnreasons")).toHaveLength(0)
    }
  )

  it("retries a token endpoint that fails with 503 (the token request is idempotent)", async () => {
    service.on("POST", "/v2/token", { status: 503 }, { json: { jwt: "token-1" } })

    await expect(client.getToken()).resolves.toBe("token-1")
    expect(tokenRequests()).toHaveLength(2)

    service.on("POST", "/v2/token", { status: 503 })
    const fresh = clientFor(service, { maxRetries: 1 })
    await expect(fresh.getToken()).rejects.toBeInstanceOf(FinancingServerError)
    expect(tokenRequests()).toHaveLength(4)
  })
})
