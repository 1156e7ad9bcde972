/** Spec 5.3: a token is valid for one hour. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000

export interface TokenCacheOptions {
  /** Asks the service for a new token (endpoint 1). */
  fetchToken: () => Promise<string>
  /** Renew this long before the token's end, so a request never leaves with a token about to lapse. */
  refreshMarginMs?: number
  now?: () => number
}

interface CachedToken {
  value: string
  renewAt: number
  expiresAt: number
}

/**
 * One token for every caller of a client. Concurrent callers that find no valid token share a single
 * request for one; a token refused with 401 is dropped once, however many callers saw it refused.
 */
export class TokenCache {
  private cached: CachedToken | undefined
  private pending: Promise<string> | undefined
  private readonly fetchToken: () => Promise<string>
  private readonly refreshMarginMs: number
  private readonly now: () => number

  constructor(options: TokenCacheOptions) {
    this.fetchToken = options.fetchToken
    this.refreshMarginMs = options.refreshMarginMs ?? 5 * 60 * 1000
    this.now = options.now ?? Date.now
  }

  async get(): Promise<string> {
    const cached = this.cached
    const now = this.now()
    if (cached && now < cached.renewAt) return cached.value
    this.pending ??= this.renew()
    // Inside the renewal margin the old token still works: a failed renewal must not fail the call.
    if (cached && now < cached.expiresAt) return this.pending.catch(() => cached.value)
    return this.pending
  }

  /** Drops `token` if it is still the cached one; a token already replaced by a refresh is left alone. */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined
  }

  private async renew(): Promise<string> {
    const issuedAt = this.now()
    try {
      const value = await this.fetchToken()
      const expiresAt = Math.min(issuedAt + TOKEN_LIFETIME_MS, jwtExpiry(value) ?? Number.POSITIVE_INFINITY)
      const renewAt = expiresAt - Math.min(this.refreshMarginMs, (expiresAt - issuedAt) / 2)
      this.cached = { value, renewAt, expiresAt }
      return value
    } finally {
      this.pending = undefined
    }
  }
}

/** The `exp` claim of a JWT in ms, when the token is a readable JWT that has one; the spec promises neither. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split(".")[1]
  if (!payload) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))
    const exp = (claims as { exp?: unknown }).exp
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined
  } catch {
    return undefined
  }
}
