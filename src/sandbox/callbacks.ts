import { randomUUID } from "node:crypto"
import type { StatusChange } from "./engine"
import type { CallbackRecord } from "./records"

export interface CallbackBody {
  eventId: string
  publicId: string
  status: string
  previousStatus: string
  changedAt: string
}

export interface CallbackSettings {
  retries: number
  retryDelayMs: number
  timeoutMs: number
  /** Whether this callback is silently lost (fault injection). */
  drop: () => boolean
  onChange: () => void
  log: (line: string) => void
}

/**
 * Posts status changes to each application's Callback-Url. One application's callbacks go out one at a
 * time, in the order the changes happened; a failed one is retried with exponential backoff before the
 * next is sent.
 */
export class CallbackDispatcher {
  private readonly queues = new Map<string, Promise<void>>()
  private readonly waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>()
  private closed = false

  constructor(private readonly settings: CallbackSettings) {}

  enqueue(change: StatusChange): void {
    const { application } = change
    if (!application.callbackUrl) return
    const record: CallbackRecord = {
      eventId: `evt_${randomUUID()}`,
      status: change.status,
      previousStatus: change.previousStatus,
      changedAt: change.changedAt,
      attempts: 0,
      delivered: false,
      dropped: false,
      lastError: null,
    }
    application.callbacks.push(record)
    const url = application.callbackUrl
    const body: CallbackBody = {
      eventId: record.eventId,
      publicId: application.publicId,
      status: record.status,
      previousStatus: record.previousStatus,
      changedAt: record.changedAt,
    }
    const previous = this.queues.get(application.publicId) ?? Promise.resolve()
    const next = previous.then(() => this.deliver(url, body, record))
    this.queues.set(application.publicId, next)
    void next.finally(() => {
      if (this.queues.get(application.publicId) === next) this.queues.delete(application.publicId)
    })
  }

  /** Waits for every queued callback (tests and a clean shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values())
  }

  close(): void {
    this.closed = true
    for (const wait of this.waits) {
      clearTimeout(wait.timer)
      wait.resolve()
    }
    this.waits.clear()
  }

  private async deliver(url: string, body: CallbackBody, record: CallbackRecord): Promise<void> {
    if (this.settings.drop()) {
      record.dropped = true
      this.settings.onChange()
      return
    }
    for (let attempt = 0; attempt <= this.settings.retries && !this.closed; attempt++) {
      if (attempt > 0) await this.sleep(this.settings.retryDelayMs * 2 ** (attempt - 1))
      if (this.closed) break
      record.attempts += 1
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "User-Agent": "retail-financing-sandbox" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.settings.timeoutMs),
        })
        await response.arrayBuffer()
        if (response.ok) {
          record.delivered = true
          record.lastError = null
          break
        }
        record.lastError = `receiver answered ${response.status}`
      } catch (error) {
        record.lastError = error instanceof Error ? error.message : String(error)
      }
    }
    if (!record.delivered) this.settings.log(`callback ${record.eventId} not delivered: ${record.lastError}`)
    this.settings.onChange()
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wait = {
        timer: setTimeout(() => {
          this.waits.delete(wait)
          resolve()
        }, ms),
        resolve,
      }
      wait.timer.unref()
      this.waits.add(wait)
    })
  }
}
