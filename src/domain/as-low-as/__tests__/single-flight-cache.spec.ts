import { CacheBusyError, SingleFlightCache, type SingleFlightCacheOptions } from "../single-flight-cache"

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

/** A load whose answer the test releases when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function cacheWith(clock: { now: () => number }, options: Partial<SingleFlightCacheOptions> = {}) {
  return new SingleFlightCache<string, string>({
    ttlMs: 60_000,
    failureTtlMs: 5_000,
    maxEntries: 100,
    maxInFlight: 10,
    now: clock.now,
    ...options,
  })
}

describe("SingleFlightCache", () => {
  it("makes one call for 50 concurrent lookups of a key, and gives all of them its answer", async () => {
    const cache = cacheWith(fakeClock())
    const answer = deferred<string>()
    const load = jest.fn(() => answer.promise)

    const lookups = Array.from({ length: 50 }, () => cache.get("1299.99", load))
    answer.resolve("offer")
    const results = await Promise.all(lookups)

    expect(load).toHaveBeenCalledTimes(1)
    expect(results.map((lookup) => lookup.result)).toEqual(Array(50).fill({ ok: true, value: "offer" }))
    expect(results.filter((lookup) => lookup.source === "upstream")).toHaveLength(1)
    expect(results.filter((lookup) => lookup.source === "joined")).toHaveLength(49)
    expect(cache.inFlightCount).toBe(0)
  })

  it("calls once per key when keys differ", async () => {
    const cache = cacheWith(fakeClock())
    const load = jest.fn((key: string) => Promise.resolve(`offer ${key}`))

    await Promise.all(["a", "b", "a", "b", "c"].map((key) => cache.get(key, () => load(key))))

    expect(load.mock.calls.map(([key]) => key).sort()).toEqual(["a", "b", "c"])
  })

  it("reuses a value until its time is up, then asks again", async () => {
    const clock = fakeClock()
    const cache = cacheWith(clock)
    const load = jest.fn().mockResolvedValueOnce("first").mockResolvedValueOnce("second")

    const first = await cache.get("k", load)
    expect(first).toEqual({
      result: { ok: true, value: "first" },
      expiresAt: clock.now() + 60_000,
      source: "upstream",
    })

    clock.advance(59_999)
    expect(await cache.get("k", load)).toMatchObject({ result: { value: "first" }, source: "cache" })

    clock.advance(1)
    expect(await cache.get("k", load)).toMatchObject({ result: { value: "second" }, source: "upstream" })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("keeps a failure only briefly: the service is spared, and a recovery shows within seconds", async () => {
    const clock = fakeClock()
    const cache = cacheWith(clock)
    const down = new Error("503")
    const load = jest.fn().mockRejectedValueOnce(down).mockResolvedValueOnce("back")

    expect(await cache.get("k", load)).toEqual({
      result: { ok: false, error: down },
      expiresAt: clock.now() + 5_000,
      source: "upstream",
    })
    clock.advance(4_999)
    expect(await cache.get("k", load)).toMatchObject({ result: { ok: false, error: down }, source: "cache" })
    expect(load).toHaveBeenCalledTimes(1)

    clock.advance(1)
    expect(await cache.get("k", load)).toMatchObject({
      result: { ok: true, value: "back" },
      source: "upstream",
    })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("shares a failure among the lookups that waited for it", async () => {
    const cache = cacheWith(fakeClock())
    const answer = deferred<string>()
    const load = jest.fn(() => answer.promise)

    const lookups = Array.from({ length: 5 }, () => cache.get("k", load))
    answer.reject(new Error("timeout"))
    const results = await Promise.all(lookups)

    expect(load).toHaveBeenCalledTimes(1)
    expect(results.every((lookup) => !lookup.result.ok)).toBe(true)
  })

  it("never rejects, even when the load throws before returning a promise", async () => {
    const cache = cacheWith(fakeClock())
    const broken = () => {
      throw new TypeError("bug")
    }

    const [a, b] = await Promise.all([cache.get("k", broken), cache.get("k", broken)])

    expect(a.result).toEqual({ ok: false, error: new TypeError("bug") })
    expect(b).toMatchObject({ source: "joined" })
    // Settled and stored as a failure, not left behind as a call in flight.
    expect(cache.inFlightCount).toBe(0)
    expect(cache.size).toBe(1)
  })

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const cache = cacheWith(fakeClock(), { maxEntries: 3 })
    const load = jest.fn((key: string) => Promise.resolve(key))
    const get = (key: string) => cache.get(key, () => load(key))

    for (const key of ["a", "b", "c"]) await get(key)
    await get("a") // a is now the most recently used; b the least
    await get("d")

    expect(cache.size).toBe(3)
    load.mockClear()
    expect((await get("a")).source).toBe("cache")
    expect((await get("c")).source).toBe("cache")
    expect((await get("d")).source).toBe("cache")
    expect((await get("b")).source).toBe("upstream")
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("stays within maxEntries however many distinct keys a crawler asks for", async () => {
    const cache = cacheWith(fakeClock(), { maxEntries: 50 })

    for (let cents = 1; cents <= 5_000; cents++) await cache.get(String(cents), () => Promise.resolve("x"))

    expect(cache.size).toBe(50)
  })

  it("refuses at once, without a call, when maxInFlight calls are already running", async () => {
    const cache = cacheWith(fakeClock(), { maxInFlight: 2 })
    const answer = deferred<string>()
    const load = jest.fn(() => answer.promise)

    const running = [cache.get("a", load), cache.get("b", load)]
    const refused = await cache.get("c", load)
    // A key already in flight is still shared: it needs no new call.
    const joined = cache.get("a", load)

    expect(refused).toMatchObject({ source: "refused", result: { ok: false } })
    expect(refused.result.ok ? null : refused.result.error).toBeInstanceOf(CacheBusyError)
    expect(load).toHaveBeenCalledTimes(2)
    answer.resolve("offer")
    await Promise.all([...running, joined])
    expect((await joined).source).toBe("joined")
    expect(cache.size).toBe(2)
  })

  it("with a time of 0 stores nothing, but still merges concurrent lookups", async () => {
    const cache = cacheWith(fakeClock(), { ttlMs: 0, failureTtlMs: 0 })
    const load = jest.fn(() => Promise.resolve("offer"))

    await Promise.all([cache.get("k", load), cache.get("k", load)])
    await cache.get("k", load)

    expect(load).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(0)
  })
})
