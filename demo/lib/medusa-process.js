/* global fetch, AbortSignal */
"use strict"
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { setTimeout: sleep } = require("node:timers/promises")

const { DemoError } = require("./demo-error")

const CLI = path.join(__dirname, "../medusa/cli.js")

/*
 * One Medusa CLI command in a child process (see demo/medusa/cli.js): its output appended to the demo's
 * Medusa log (or streamed with DEMO_VERBOSE=1), stopped with SIGTERM to its whole process group (migration
 * scripts run in a grandchild), and SIGKILL if it has not gone after `graceMs`.
 */
class MedusaProcess {
  constructor(settings, args, env) {
    this.settings = settings
    this.args = args
    this.env = env
    this.child = undefined
    /** Resolves with { code, signal } once the process has exited. */
    this.exited = undefined
  }

  start() {
    const { appDir, logFile, verbose } = this.settings
    fs.appendFileSync(logFile, `\n=== medusa ${this.args.join(" ")} (${new Date().toISOString()})\n`)
    const log = verbose ? "inherit" : fs.openSync(logFile, "a")
    this.child = spawn(process.execPath, [CLI, ...this.args], {
      cwd: appDir,
      env: this.env,
      detached: true,
      stdio: ["ignore", log, log, "ipc"],
    })
    if (typeof log === "number") fs.closeSync(log)
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => resolve({ code, signal }))
      this.child.once("error", (error) => resolve({ code: null, signal: null, error }))
    })
    return this
  }

  /** Waits for a command that ends by itself (migrations, the seed) and fails unless it exited 0. */
  async finished() {
    const { code, signal, error } = await this.exited
    if (code === 0) return
    // The log says what went wrong; a stack of the demo's own code would only hide it.
    throw new DemoError(
      `medusa ${this.args[0]} ${error ? `could not start: ${error.message}` : `exited ${signal ?? code}`}` +
        `\n${this.logTail()}`
    )
  }

  /** Waits for a server (`medusa start`) to answer its health check; fails if it exits first. */
  async serving(url, timeoutMs = 180_000) {
    const deadline = Date.now() + timeoutMs
    let exited
    void this.exited.then((outcome) => (exited = outcome))
    while (!exited) {
      if (Date.now() > deadline) {
        throw new DemoError(`Medusa did not answer ${url} within ${timeoutMs / 1000} s\n${this.logTail()}`)
      }
      const healthy = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => {
          void response.body?.cancel()
          return response.ok
        },
        () => false
      )
      if (healthy) return
      await sleep(250)
    }
    await this.finished()
    throw new DemoError(`medusa ${this.args[0]} exited before it served ${url}\n${this.logTail()}`)
  }

  async stop(graceMs = 15_000) {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return
    this.signalGroup("SIGTERM")
    const outcome = await Promise.race([this.exited, sleep(graceMs).then(() => undefined)])
    if (!outcome) {
      this.signalGroup("SIGKILL")
      await this.exited
    }
  }

  signalGroup(signal) {
    try {
      process.kill(-this.child.pid, signal)
    } catch (error) {
      if (error.code !== "ESRCH") throw error
    }
  }

  logTail(lines = 25) {
    if (this.settings.verbose) return "(its output is above)"
    const text = fs.readFileSync(this.settings.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
    return `Last lines of ${path.relative(process.cwd(), this.settings.logFile)}:\n${text}`
  }
}

module.exports = { MedusaProcess }
