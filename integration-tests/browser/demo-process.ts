import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs"
import net from "node:net"
import path from "node:path"

import { Client } from "@medusajs/framework/pg"

/*
 * `npm run demo` as a person runs it, in a child process: its entry (demo/run.js) started with free ports, a
 * database of the test's own and a random admin password, its output collected (and the password kept out
 * of anything a failure prints), stopped with SIGINT as Ctrl-C stops it.
 */

const REPO_ROOT = path.resolve(__dirname, "../..")
const ENTRY = path.join(REPO_ROOT, "demo/run.js")

export interface DemoUrls {
  storefront: string
  admin: string
  sandbox: string
  backend: string
  /** With DEMO_LOCATIONS=2: the outlet's storefront. */
  outlet?: string
}

export interface DemoOptions {
  /** false: start again on the database an earlier DemoProcess of this test file made (no DEMO_RESET). */
  reset?: boolean
  /** More of the demo's settings, e.g. DEMO_LOCATIONS. */
  env?: NodeJS.ProcessEnv
}

export interface DemoExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export class DemoProcess {
  readonly database = `retail_financing_demo_test_${process.pid}`
  readonly admin = { email: "merchant@example.com", password: randomUUID() }
  /** In the environment of every process the demo starts, so that a leftover one can be found by it. */
  private readonly runId = randomUUID()
  private readonly child: ChildProcess
  private text = ""
  readonly exited: Promise<DemoExit>

  constructor({ reset = true, env: settings = {} }: DemoOptions = {}) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEMO_DATABASE: this.database,
      DEMO_RESET: reset ? "1" : "",
      DEMO_STOREFRONT_PORT: "0",
      DEMO_OUTLET_STOREFRONT_PORT: "0",
      DEMO_MEDUSA_PORT: "0",
      DEMO_SANDBOX_PORT: "0",
      DEMO_ADMIN_EMAIL: this.admin.email,
      DEMO_ADMIN_PASSWORD: this.admin.password,
      RETAIL_FINANCING_DEMO_TEST_RUN: this.runId,
      ...settings,
    }
    // jest's NODE_ENV=test and --experimental-vm-modules are the test runner's, not a terminal's.
    delete env.NODE_ENV
    delete env.NODE_OPTIONS
    // A group of its own, so that a failed test can still stop it and everything it started.
    this.child = spawn(process.execPath, [ENTRY], { cwd: REPO_ROOT, env, detached: true, stdio: "pipe" })
    this.child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (this.text += chunk))
    this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (this.text += chunk))
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => resolve({ code, signal }))
    })
  }

  get pid(): number {
    return this.child.pid!
  }

  /** Everything the demo printed, with the admin password replaced. */
  output(): string {
    return this.text.replaceAll(this.admin.password, "<admin password>")
  }

  /** Waits for the "ready" block and reads the URLs from it. */
  async ready(timeoutMs: number): Promise<DemoUrls> {
    const deadline = Date.now() + timeoutMs
    let exit: DemoExit | undefined
    void this.exited.then((value) => (exit = value))
    while (!this.text.includes("Press Ctrl-C to stop.")) {
      if (exit || Date.now() > deadline) {
        const why = exit
          ? `exited (${exit.signal ?? exit.code})`
          : `was not ready within ${timeoutMs / 1000} s`
        throw new Error(`npm run demo ${why}. Its output:\n${this.output()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const url = (label: string) => {
      const match = new RegExp(`^\\s+${label}\\s+(http://\\S+)`, "m").exec(this.text)
      if (!match) throw new Error(`no ${label} URL in the demo's output:\n${this.output()}`)
      return match[1]
    }
    return {
      storefront: url("Storefront"),
      admin: url("Admin"),
      sandbox: url("Sandbox"),
      backend: url("Medusa API"),
      ...(/^\s+Outlet\s/m.test(this.text) && { outlet: url("Outlet") }),
    }
  }

  /** Ctrl-C, as a terminal sends it; resolves with how the demo ended, or null if it is still running. */
  async interrupt(timeoutMs: number): Promise<DemoExit | null> {
    this.child.kill("SIGINT")
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)))
    try {
      return await Promise.race([this.exited, late])
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * The processes this demo started that are still running after `graceMs`. Medusa's CLI forks a detached
   * telemetry sender as it exits (even with telemetry disabled; it has nothing to send and ends by
   * itself), so only a process that outlives the grace period counts as left behind.
   */
  async processesLeft(graceMs: number): Promise<{ pid: number; command: string }[] | null> {
    const deadline = Date.now() + graceMs
    for (;;) {
      const left = this.leftoverProcesses()
      if (left === null || left.length === 0 || Date.now() > deadline) return left
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  /**
   * The processes still running that this demo started (found by a variable only its environment holds),
   * read from /proc; null where there is no /proc to read.
   */
  private leftoverProcesses(): { pid: number; command: string }[] | null {
    if (!existsSync("/proc/self/environ")) return null
    const marker = `RETAIL_FINANCING_DEMO_TEST_RUN=${this.runId}`
    const found: { pid: number; command: string }[] = []
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
      try {
        if (!readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(marker)) continue
        const command = readFileSync(`/proc/${entry}/cmdline`, "latin1").split("\0").join(" ").trim()
        found.push({ pid: Number(entry), command })
      } catch {
        // Gone while being read, or not ours to read.
      }
    }
    return found
  }

  /** After a failed test: the demo's group and anything of this run left behind, then its database. */
  async cleanUp(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      try {
        process.kill(-this.pid, "SIGKILL")
      } catch {
        // Already gone.
      }
      await this.exited
    }
    for (const { pid } of this.leftoverProcesses() ?? []) {
      try {
        process.kill(pid, "SIGKILL")
      } catch {
        // Already gone.
      }
    }
    // The server the demo used: its default unless DEMO_POSTGRES_URL says otherwise.
    const server = new URL(process.env.DEMO_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432")
    server.pathname = "/postgres"
    const client = new Client({ connectionString: server.href })
    await client.connect()
    try {
      await client.query(`drop database if exists "${this.database}" with (force)`)
    } finally {
      await client.end()
    }
    rmSync(path.join(REPO_ROOT, ".medusa/demo", this.database), { recursive: true, force: true })
  }
}

/** Whether a port on loopback can be listened on again. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

export const portOf = (url: string): number => Number(new URL(url).port)
