import type { ChildProcess } from "node:child_process"

import type { DemoSettings } from "./settings"

export interface MedusaExit {
  code: number | null
  signal: NodeJS.Signals | null
  error?: Error
}

export class MedusaProcess {
  constructor(settings: DemoSettings, args: string[], env: NodeJS.ProcessEnv)
  readonly exited: Promise<MedusaExit>
  /** The spawned CLI, once started: its pid is the id of its process group. */
  readonly child: ChildProcess | undefined
  start(): this
  finished(): Promise<void>
  serving(url: string, timeoutMs?: number): Promise<void>
  stop(graceMs?: number): Promise<void>
  signalGroup(signal: NodeJS.Signals): void
  logTail(lines?: number): string
}
