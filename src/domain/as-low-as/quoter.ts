import type { LowestPaymentOption } from "../../lib/financing/schemas"
import { centsToDecimalText, fromCents } from "../../lib/financing/money"
import { type AsLowAsOffer, offerFrom } from "./offer"
import { type Lookup, SingleFlightCache } from "./single-flight-cache"
import { WarningThrottle } from "./warning-throttle"

export interface AsLowAsSettings {
  storeCode: string
  /** The plugin's minAmount / maxAmount in cents; null when not set. */
  minCents: number | null
  maxCents: number | null
  /** asLowAsCacheSeconds: how long an offer is reused. */
  cacheSeconds: number
}

/** Endpoint 2 of the service; the plugin's FinancingClient in production. */
export interface OfferSource {
  lowestPaymentOption(storeCode: string, financedAmount: number): Promise<LowestPaymentOption>
}

export type AsLowAsReason = "below_minimum" | "above_maximum" | "not_leasable" | "unavailable"

/** The body of GET /store/retail-financing/as-low-as. Every key is always present. */
export interface AsLowAsBody {
  as_low_as: AsLowAsOffer | null
  available: boolean
  /** Null when available. */
  reason: AsLowAsReason | null
  min_amount: string | null
  max_amount: string | null
}

export interface AsLowAsAnswer {
  body: AsLowAsBody
  /** How long a browser may reuse the answer; 0 means it must not. */
  maxAgeSeconds: number
}

export const AS_LOW_AS_LIMITS = {
  /** Distinct amounts remembered: product prices and cart totals of a busy store, and a bound for crawlers. */
  maxEntries: 1_000,
  /** Distinct amounts asked of the service at once; past it the answer is "unavailable" at once. */
  maxInFlight: 32,
  /** A failure is reused this long (at most the cache time): a down service is spared, and recovers fast. */
  failureTtlMs: 5_000,
  /** Longest a request waits for the service; the call goes on and fills the cache for the next visitor. */
  waitMs: 5_000,
  warningIntervalMs: 60_000,
}

export interface AsLowAsQuoterOptions {
  settings: AsLowAsSettings
  source: OfferSource
  warn: (message: string) => void
  now?: () => number
  limits?: Partial<typeof AS_LOW_AS_LIMITS>
}

/**
 * "As low as" for one store: the amount checked against the store's financing range, then the service's
 * lowest payment option through a cache that asks at most once per amount at a time. Never throws for the
 * service's sake: a failure is an answer without an offer.
 */
export class AsLowAsQuoter {
  private readonly settings: AsLowAsSettings
  private readonly source: OfferSource
  private readonly limits: typeof AS_LOW_AS_LIMITS
  private readonly now: () => number
  private readonly cache: SingleFlightCache<string, AsLowAsOffer>
  private readonly warnings: WarningThrottle

  constructor(options: AsLowAsQuoterOptions) {
    this.settings = options.settings
    this.source = options.source
    this.limits = { ...AS_LOW_AS_LIMITS, ...options.limits }
    this.now = options.now ?? Date.now
    const ttlMs = this.settings.cacheSeconds * 1000
    this.cache = new SingleFlightCache({
      ttlMs,
      failureTtlMs: Math.min(this.limits.failureTtlMs, ttlMs),
      maxEntries: this.limits.maxEntries,
      maxInFlight: this.limits.maxInFlight,
      now: this.now,
    })
    this.warnings = new WarningThrottle(options.warn, this.limits.warningIntervalMs, this.now)
  }

  async quote(amountCents: number): Promise<AsLowAsAnswer> {
    const outside = this.outsideRange(amountCents)
    // Decided by the options alone, so it keeps as long as an offer would.
    if (outside) return this.answer(null, outside, this.settings.cacheSeconds)

    const key = `${this.settings.storeCode}:${amountCents}`
    const lookup = await this.withinWait(this.cache.get(key, () => this.fetchOffer(amountCents)))
    if (!lookup) {
      this.warnings.report(`${UNAVAILABLE}: no answer within ${this.limits.waitMs} ms`)
      return this.answer(null, "unavailable", 0)
    }
    if (lookup.result.ok) {
      return this.answer(lookup.result.value, null, Math.floor((lookup.expiresAt - this.now()) / 1000))
    }
    // Reported by the lookup that met the failure; the ones that reuse it add nothing new.
    if (lookup.source === "upstream" || lookup.source === "refused") {
      this.warnings.report(`${UNAVAILABLE}: ${describeFailure(lookup.result.error)}`)
    }
    return this.answer(null, "unavailable", 0)
  }

  /**
   * The answer for a product the lender cannot lease (the route decides, from Medusa's product): no offer,
   * and the service is not asked. It keeps as long as an offer would; a merchant's change shows within it.
   */
  notLeasable(): AsLowAsAnswer {
    return this.answer(null, "not_leasable", this.settings.cacheSeconds)
  }

  private outsideRange(cents: number): "below_minimum" | "above_maximum" | null {
    const { minCents, maxCents } = this.settings
    if (minCents !== null && cents < minCents) return "below_minimum"
    if (maxCents !== null && cents > maxCents) return "above_maximum"
    return null
  }

  private async fetchOffer(cents: number): Promise<AsLowAsOffer> {
    // Dollars from cents are within a float's reach of the exact cent; the client sends them with two decimals.
    return offerFrom(cents, await this.source.lowestPaymentOption(this.settings.storeCode, fromCents(cents)))
  }

  private async withinWait(lookup: Promise<Lookup<AsLowAsOffer>>): Promise<Lookup<AsLowAsOffer> | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.limits.waitMs)
    })
    try {
      return await Promise.race([lookup, late])
    } finally {
      clearTimeout(timer)
    }
  }

  private answer(offer: AsLowAsOffer | null, reason: AsLowAsReason | null, maxAgeSeconds: number) {
    const { minCents, maxCents } = this.settings
    return {
      body: {
        as_low_as: offer,
        available: offer !== null,
        reason,
        min_amount: minCents === null ? null : centsToDecimalText(minCents),
        max_amount: maxCents === null ? null : centsToDecimalText(maxCents),
      },
      maxAgeSeconds: Math.max(0, maxAgeSeconds),
    } satisfies AsLowAsAnswer
  }
}

const UNAVAILABLE = 'retail-financing: "as low as" offers are unavailable, answering without one'

/** The client's errors carry the endpoint's template and the service's redacted messages, never a secret. */
function describeFailure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
