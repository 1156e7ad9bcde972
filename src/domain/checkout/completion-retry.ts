/**
 * How long reconciliation waits before trying again to complete a signed cart that Medusa could not
 * complete (an item out of stock, say): the merchant may fix the cause, so a few tries are worth it, but a
 * cart that cannot be completed must never be tried (an order created and rolled back) every few minutes
 * for a month. After the last delay there are no more tries: the exception waits for the merchant.
 */
export const COMPLETION_RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000, 6 * 3600_000, 24 * 3600_000]

/** When to try again after `attempts` failed completions, or null when no try is left. */
export function nextCompletionAt(attempts: number, now: Date): Date | null {
  const delay = COMPLETION_RETRY_DELAYS_MS[attempts - 1]
  return delay === undefined ? null : new Date(now.getTime() + delay)
}

/**
 * Whether a signed cart's completion may be tried now: always before the first failure, then only once its
 * delay has run out, and never after the last. A callback and reconciliation ask alike, so neither makes
 * (and rolls back) an order on every run.
 */
export function completionDue(
  ledger: { completion_attempts: number; next_completion_at: Date | string | null },
  now: Date
): boolean {
  if (ledger.completion_attempts === 0) return true
  return ledger.next_completion_at !== null && new Date(ledger.next_completion_at).getTime() <= now.getTime()
}
