import {
  FinancingApiError,
  FinancingAuthenticationError,
  FinancingConnectionError,
  FinancingError,
  FinancingRateLimitError,
  FinancingServerError,
} from "../../lib/financing/errors"

/** First retry after 30 s, doubling to at most an hour: a service down for a day is retried ~30 times. */
const FIRST_DELAY_MS = 30_000
const MAX_DELAY_MS = 3_600_000

/** When a failed send is tried again: capped exponential backoff with ±20% jitter, so senders spread out. */
export function nextAttemptDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/**
 * Whether a failed send may succeed later by itself. The service being down, slow, rate-limiting or
 * refusing our token are passing conditions; a refusal of what was sent (a validation error, a conflict
 * with the application's state) will be the same next time, and waits for a person.
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof FinancingConnectionError) return true
  if (error instanceof FinancingServerError || error instanceof FinancingRateLimitError) return true
  if (error instanceof FinancingAuthenticationError) return true
  if (error instanceof FinancingApiError) return false
  // Anything else (a bug, the database blinking) is not the request's fault: try again later.
  return !(error instanceof FinancingError)
}

/** A short, secret-free description of a failure for the merchant's view of the action. */
export function describeFailure(error: unknown): string {
  if (error instanceof FinancingApiError) {
    const messages = error.messages.length ? `: ${error.messages.join("; ")}` : ""
    return `the service answered ${error.status}${messages}`.slice(0, 1000)
  }
  if (error instanceof Error) return error.message.slice(0, 1000)
  // Workflows rethrow a step's error as a plain object that keeps its message.
  const message = (error as { message?: unknown } | null)?.message
  return (typeof message === "string" ? message : String(error)).slice(0, 1000)
}
