import { readFileSync, writeFileSync } from "node:fs"

import axios, { type AxiosInstance } from "axios"

import { MedusaProcess } from "../../../demo/lib/medusa-process"
import type { DemoSettings } from "../../../demo/lib/settings"

/** Medusa's projectConfig.workerMode, set per process through MEDUSA_WORKER_MODE. */
export type WorkerMode = "shared" | "server" | "worker"

/**
 * One `medusa start` of a spawned store's app (spawned-store.ts): its own port, the store's database and
 * environment, a worker mode, and a log file of its own. It can be killed with SIGKILL and started again on
 * the same port. A worker answers only /health on its port: Medusa loads no routes in a worker.
 */
export class MedusaInstance {
  private process: MedusaProcess | undefined
  private alive = false
  /** Its own API, with no headers: the store's publishable key and an admin token are the test's to add. */
  readonly api: AxiosInstance

  constructor(
    /** For logs and failure messages: "server A", "worker 2". */
    readonly name: string,
    readonly workerMode: WorkerMode,
    readonly url: string,
    private readonly settings: DemoSettings,
    private readonly env: NodeJS.ProcessEnv
  ) {
    this.api = axios.create({ baseURL: url })
    writeFileSync(settings.logFile, "", { flag: "a" })
  }

  /** Starts `medusa start` and waits until it answers /health. */
  async start(): Promise<void> {
    if (this.alive) throw new Error(`${this.name} is already running`)
    const port = new URL(this.url).port
    const started = new MedusaProcess(
      this.settings,
      ["start", "--port", port, "--host", this.settings.host],
      { ...this.env, MEDUSA_WORKER_MODE: this.workerMode }
    ).start()
    this.process = started
    this.alive = true
    void started.exited.then(() => {
      if (this.process === started) this.alive = false
    })
    await started.serving(`${this.url}/health`)
  }

  /** SIGKILL to its whole process group, as a crash or the OOM killer would; waits until it is gone. */
  async kill(): Promise<void> {
    const current = this.process
    if (!current || !this.alive) return
    current.signalGroup("SIGKILL")
    await current.exited
  }

  /** SIGTERM, as a deploy stops it. */
  async stop(): Promise<void> {
    await this.process?.stop()
  }

  get running(): boolean {
    return this.alive
  }

  /**
   * The id of its process group (the spawned CLI's pid): Medusa and anything it forks are in it, so a pid a
   * ledger row records is this instance's when its group is this.
   */
  get processGroup(): number | undefined {
    return this.process?.child?.pid
  }

  /** The last lines this instance logged, for a failure message. */
  logTail(lines = 40): string {
    const text = readFileSync(this.settings.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
    return `Last lines of ${this.name}'s log:\n${text}`
  }
}

/** The process group of a running pid (field 5 of /proc/<pid>/stat), null when no such process is left. */
export function processGroupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2])
  } catch {
    return null
  }
}
