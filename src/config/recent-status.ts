import type { ApplicationStatus } from "../lib/financing/schemas"

/*
 * The recent-status memo: the plugin's one piece of shared process state besides the financing client.
 *
 * Why it exists: a signed callback reads the application's status (the sync workflow's read step), then
 * Medusa's processPaymentWorkflow asks the provider to authorize, which would read the same status again a
 * moment later. The provider cannot be handed that read (Medusa gives it only the session data), so the
 * read step leaves it here and the provider takes it: one status read per callback instead of two.
 *
 * Its contract:
 * - An optimisation only, never needed for a correct result. A reader that finds nothing (another process,
 *   a restart, an expired or evicted entry) reads the status from the service instead, with the same
 *   rules; the provider's unit tests show it answers alike with the memo empty.
 * - Written by one place, the sync workflow's read step, and only with genuine reads from the service
 *   (a status read or reconciliation's list), never with a callback's body.
 * - Entries live FRESH_FOR_MS: long enough to span one callback's work, short enough that a reader never
 *   acts on a status older than a read it would make itself. Process-local: nothing is shared between
 *   server instances, so each may read once more.
 */

/** Long enough to span one callback's work (sync, then Medusa's authorization), short enough to never go stale. */
const FRESH_FOR_MS = 30_000
/** Bounds memory; the oldest entry goes first. */
const MAX_ENTRIES = 1_000

/** The part of a read the provider decides on. */
export type RecentStatus = Pick<ApplicationStatus, "status" | "invoiceAmount">

const reads = new Map<string, { read: RecentStatus; at: number }>()

/** Keeps a status just read from the service for the provider's next authorization of that application. */
export function rememberStatus(publicId: string, read: RecentStatus, now = Date.now()): void {
  if (reads.size >= MAX_ENTRIES) reads.delete(reads.keys().next().value as string)
  reads.set(publicId, { read: { status: read.status, invoiceAmount: read.invoiceAmount }, at: now })
}

/** A status this process read in the last FRESH_FOR_MS, or undefined: then the caller reads it itself. */
export function recentStatus(publicId: string, now = Date.now()): RecentStatus | undefined {
  const entry = reads.get(publicId)
  if (!entry) return undefined
  if (now - entry.at > FRESH_FOR_MS) {
    reads.delete(publicId)
    return undefined
  }
  return entry.read
}
