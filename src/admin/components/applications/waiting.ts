/**
 * How long an unsigned application has waited for the shopper, in a few words ("12 min", "3 h", "2 days"),
 * from when it was made. Pure, with `now` a parameter, so it is unit-tested.
 */
export function waitedFor(since: string | null | undefined, now: number): string | null {
  if (!since) return null
  const ms = now - new Date(since).getTime()
  if (!Number.isFinite(ms)) return null
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 1) return "less than a minute"
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h`
  return `${Math.floor(hours / 24)} days`
}
