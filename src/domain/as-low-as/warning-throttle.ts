/**
 * At most one warning per interval. A service that is down fails every product page; the log should say
 * so once in a while with a count, not once per visitor.
 */
export class WarningThrottle {
  private lastAt: number | undefined
  private suppressed = 0

  constructor(
    private readonly warn: (message: string) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now
  ) {}

  report(message: string): void {
    const now = this.now()
    if (this.lastAt !== undefined && now - this.lastAt < this.intervalMs) {
      this.suppressed++
      return
    }
    const more =
      this.suppressed > 0
        ? ` (${this.suppressed} more since the last warning, ${Math.round((now - (this.lastAt ?? now)) / 1000)} s ago)`
        : ""
    this.lastAt = now
    this.suppressed = 0
    this.warn(`${message}${more}`)
  }
}
