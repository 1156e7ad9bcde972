/**
 * Whether an error says a lock is held by someone else past the wait: Medusa's locking module gave up
 * acquiring it (`locking.execute`, `acquireLockStep`). Such a failure is not the caller's: the holder is
 * doing the work, and the caller answers "busy" or leaves it to the next try.
 *
 * Medusa gives this failure no error type or code of its own. Its providers (@medusajs/locking's in-memory,
 * locking-redis, locking-postgres, 2.21) throw a plain Error, or a MedusaError of type CONFLICT (Redis),
 * a type Medusa uses for many other conflicts; a workflow rethrows a step's error as a plain object that
 * keeps only the message. The messages are what they share: "Timed-out acquiring lock.", `Failed to acquire
 * lock for key "…"` and Postgres's `"…" is already locked.`. The unit test takes them from Medusa's own
 * in-memory provider, so a release that rewords them fails it.
 */
const LOCK_BUSY = /acquiring lock|acquire lock|is already locked/i

export function isLockBusy(error: unknown): boolean {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === "string" && LOCK_BUSY.test(message)
}
