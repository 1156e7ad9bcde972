import type { DemoSettings } from "./settings"

export interface MedusaExit {
  code: number | null
  signal: NodeJS.Signals | null
  error?: Error
}

export class MedusaProcess {
  constructor(settings: DemoSettings, args: string[], env: NodeJS.ProcessEnv)
  readonly exited: Promise<MedusaExit>
  start(): this
  finished(): Promise<void>
  serving(url: string, timeoutMs?: number): Promise<void>
  stop(graceMs?: number): Promise<void>
  signalGroup(signal: NodeJS.Signals): void
  logTail(lines?: number): string
}
