export type Settled<V> = { ok: true; value: V } | { ok: false; error: unknown }

/**
 * Where an answer came from: a stored entry, a call this lookup started, a call another lookup had
 * already started, or nowhere because too many calls were in flight.
 */
export type LookupSource = "cache" | "upstream" | "joined" | "refused"

export interface Lookup<V> {
  result: Settled<V>
  /** Until when (clock milliseconds) this result may be reused; `now` or earlier when it may not. */
  expiresAt: number
  source: LookupSource
}

export interface SingleFlightCacheOptions {
  /** How long a value is reused. 0 stores nothing: concurrent lookups still share one call. */
  ttlMs: number
  /** How long a failure is reused, so a service that is down is not asked again by every visitor. */
  failureTtlMs: number
  /** Entries kept at most; the least recently used goes first, so distinct keys cannot grow memory. */
  maxEntries: number
  /** Calls in flight at most; past it a lookup is refused at once rather than queued behind a storm. */
  maxInFlight: number
  now?: () => number
}

/** The answer of a lookup refused because `maxInFlight` calls were already running. */
export class CacheBusyError extends Error {
  constructor(maxInFlight: number) {
    super(`${maxInFlight} calls are already in flight`)
    this.name = "CacheBusyError"
  }
}

interface Entry<V> {
  result: Settled<V>
  expiresAt: number
}

/**
 * An in-process cache of results of an async call, keyed: at most one call per key in flight (every
 * concurrent lookup of the key shares it), successes and failures kept for their own time, and a bounded
 * number of entries. A lookup never rejects: failures come back as results.
 */
export class SingleFlightCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()
  private readonly inFlight = new Map<K, Promise<Lookup<V>>>()
  private readonly now: () => number

  constructor(private readonly options: SingleFlightCacheOptions) {
    this.now = options.now ?? Date.now
  }

  get size(): number {
    return this.entries.size
  }

  get inFlightCount(): number {
    return this.inFlight.size
  }

  async get(key: K, load: () => Promise<V>): Promise<Lookup<V>> {
    const now = this.now()
    const entry = this.entries.get(key)
    if (entry && entry.expiresAt > now) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key)
      this.entries.set(key, entry)
      return { ...entry, source: "cache" }
    }
    if (entry) this.entries.delete(key)

    const running = this.inFlight.get(key)
    if (running) return { ...(await running), source: "joined" }
    if (this.inFlight.size >= this.options.maxInFlight) {
      return {
        result: { ok: false, error: new CacheBusyError(this.options.maxInFlight) },
        expiresAt: now,
        source: "refused",
      }
    }

    const call = this.call(key, load)
    this.inFlight.set(key, call)
    return call
  }

  private async call(key: K, load: () => Promise<V>): Promise<Lookup<V>> {
    let result: Settled<V>
    try {
      // Deferred by a microtask, so even a load that throws at once settles after this call is registered.
      result = { ok: true, value: await Promise.resolve().then(load) }
    } catch (error) {
      result = { ok: false, error }
    }
    this.inFlight.delete(key)
    const ttlMs = result.ok ? this.options.ttlMs : this.options.failureTtlMs
    const expiresAt = this.now() + ttlMs
    if (ttlMs > 0) this.store(key, { result, expiresAt })
    return { result, expiresAt, source: "upstream" }
  }

  private store(key: K, entry: Entry<V>): void {
    this.entries.delete(key)
    this.entries.set(key, entry)
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break
      this.entries.delete(oldest)
    }
  }
}
