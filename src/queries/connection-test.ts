import { clientOptionsOf } from "../config/financing-client"
import type { StoreCredentials } from "../config/locations"
import type { RetailFinancingOptions } from "../config/options"
import { FinancingClient } from "../lib/financing/client"
import {
  FinancingApiError,
  FinancingAuthenticationError,
  FinancingConnectionError,
  FinancingNotFoundError,
  FinancingRateLimitError,
  FinancingResponseError,
  FinancingServerError,
  FinancingTimeoutError,
} from "../lib/financing/errors"
import type { ConnectionTest } from "../domain/admin-api/types"

/** A person is waiting on the button: at most this long per request, whatever the store's own timeout. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000

type Step = NonNullable<ConnectionTest["failed_step"]>

const STEP_WORDS: Record<Step, string> = {
  token: "the sign-in (a new token)",
  read: "the read of the store's financing partners",
}

/** Reason phrases for the statuses a merchant is most likely to meet; others are shown as the number. */
const STATUS_WORDS: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
}

const answered = (status: number) =>
  STATUS_WORDS[status] ? `${status} (${STATUS_WORDS[status]})` : String(status)

/**
 * What failed, in the merchant's words and without secrets: which request, what came back, and what to
 * check. The service's own messages are left out (they may echo what was sent).
 */
export function connectionFailureMessage(error: unknown, step: Step, baseUrl: string): string {
  const during = STEP_WORDS[step]
  if (error instanceof FinancingTimeoutError) {
    return `The financing service did not answer ${during} within ${Math.round(error.timeoutMs / 1000)} s.`
  }
  if (error instanceof FinancingConnectionError) {
    if (error.code === "ECONNREFUSED")
      return `The connection to ${baseUrl} was refused: nothing is listening there. Check the service address.`
    if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN")
      return `The host of ${baseUrl} could not be found. Check the service address.`
    return `The financing service could not be reached at ${baseUrl} (${error.code ?? "no answer"}).`
  }
  if (error instanceof FinancingAuthenticationError) {
    return step === "token"
      ? `The financing service refused the username or password: it answered ${error.status} to ${during}.`
      : `The financing service refused a new token: it answered ${error.status} to ${during}. Check the store code and the account's rights.`
  }
  if (error instanceof FinancingServerError) {
    return `The financing service is failing: it answered ${answered(error.status)} to ${during}.`
  }
  if (error instanceof FinancingRateLimitError) {
    return `The financing service is limiting requests: it answered 429 to ${during}. Try again in a minute.`
  }
  if (error instanceof FinancingNotFoundError) {
    return `The financing service answered 404 to ${during}: check that the service address is its base URL.`
  }
  if (error instanceof FinancingApiError) {
    return `The financing service answered ${error.status} to ${during}.`
  }
  if (error instanceof FinancingResponseError) {
    return `Something answered ${during} at ${baseUrl}, but not as the financing service does: check the service address.`
  }
  return `The test could not be run: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300)
}

/**
 * "Test connection": a real round trip, never the token the store has cached. A client of its own (so no
 * cached token, and no retries: a failing service is reported as it is, not after a minute of backoff)
 * asks for a new token, then reads the store's financing partners with it, the cheapest authenticated read
 * the spec has. The latency is measured over both.
 */
export async function testFinancingConnection(
  options: RetailFinancingOptions,
  now: () => number = Date.now,
  credentials: StoreCredentials = options
): Promise<ConnectionTest> {
  const client = new FinancingClient({
    ...clientOptionsOf(options, credentials),
    timeoutMs: Math.min(options.timeoutMs, CONNECTION_TEST_TIMEOUT_MS),
    maxRetries: 0,
  })
  const started = now()
  const result = (ok: boolean, message: string, failed_step: Step | null): ConnectionTest => ({
    ok,
    message,
    latency_ms: Math.max(0, now() - started),
    checked_at: new Date().toISOString(),
    failed_step,
  })
  let step: Step = "token"
  try {
    await client.getToken()
    step = "read"
    const partners = await client.listFinancingPartners()
    return result(
      true,
      `Signed in with a new token and read the store's financing partners (${partners.length}).`,
      null
    )
  } catch (error) {
    return result(false, connectionFailureMessage(error, step, options.baseUrl), step)
  }
}
