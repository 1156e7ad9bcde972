import type { ApplicationStatus } from "../lib/financing/schemas"

/** Long enough to span one callback's work (sync, then Medusa's authorization), short enough to never go stale. */
const FRESH_FOR_MS = 30_000
const MAX_ENTRIES = 1_000

type Read = Pick<ApplicationStatus, "status" | "invoiceAmount">
const reads = new Map<string, { read: Read; at: number }>()

/**
 * Status reads made by this process in the last seconds. A signed callback reads the status, then Medusa's
 * payment workflow asks the provider to authorize, which would read it again; the provider takes the read
 * just made instead. Only genuine reads from the service are kept, never a callback body.
 */
export function rememberStatus(publicId: string, read: Read, now = Date.now()): void {
  if (reads.size >= MAX_ENTRIES) reads.delete(reads.keys().next().value as string)
  reads.set(publicId, { read: { status: read.status, invoiceAmount: read.invoiceAmount }, at: now })
}

export function recentStatus(publicId: string, now = Date.now()): Read | undefined {
  const entry = reads.get(publicId)
  if (!entry) return undefined
  if (now - entry.at > FRESH_FOR_MS) {
    reads.delete(publicId)
    return undefined
  }
  return entry.read
}
