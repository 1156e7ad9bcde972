import {
  FinancingConnectionError,
  FinancingError,
  FinancingRateLimitError,
  FinancingServerError,
  FinancingTimeoutError,
} from "./errors"

export interface RetryPolicyOptions {
  /** Retries after the first attempt. */
  maxRetries: number
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is not waited for: the error goes back to the caller at once. */
  maxRetryAfterMs: number
  random?: () => number
}

export const DEFAULT_RETRY_POLICY: RetryPolicyOptions = {
  maxRetries: 2,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
}

/**
 * - `not-sent`: the service provably did not act (connection refused, name not resolved, 429): any request
 *   may be sent again.
 * - `ambiguous`: it may have acted (a timeout, a reset connection, a 5xx): only an idempotent request may.
 * - `final`: sending again cannot help (4xx, a malformed answer).
 */
export type FailureKind = "not-sent" | "ambiguous" | "final"

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])

export function classifyFailure(error: FinancingError): FailureKind {
  if (error instanceof FinancingRateLimitError) return "not-sent"
  if (error instanceof FinancingTimeoutError) return "ambiguous"
  if (error instanceof FinancingConnectionError) {
    return error.code && NOT_SENT_CODES.has(error.code) ? "not-sent" : "ambiguous"
  }
  if (error instanceof FinancingServerError) return "ambiguous"
  return "final"
}

/** Whether a request that failed with `error` after `retriesSoFar` retries is to be sent again. */
export function shouldRetry(
  error: FinancingError,
  retriesSoFar: number,
  idempotent: boolean,
  policy: RetryPolicyOptions
): boolean {
  if (retriesSoFar >= policy.maxRetries) return false
  const kind = classifyFailure(error)
  if (kind === "final" || (kind === "ambiguous" && !idempotent)) return false
  const retryAfterMs = retryAfterOf(error)
  return retryAfterMs === undefined || retryAfterMs <= policy.maxRetryAfterMs
}

/**
 * Wait before retry number `retryNumber` (1-based): the service's Retry-After when it sent one, otherwise
 * capped exponential backoff with jitter over the upper half, so that many clients failing together spread
 * out but none retries at once.
 */
export function retryDelayMs(retryNumber: number, error: FinancingError, policy: RetryPolicyOptions): number {
  const retryAfterMs = retryAfterOf(error)
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs)
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1))
  const random = policy.random ?? Math.random
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

function retryAfterOf(error: FinancingError): number | undefined {
  return "retryAfterMs" in error && typeof error.retryAfterMs === "number" ? error.retryAfterMs : undefined
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
