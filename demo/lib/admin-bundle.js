"use strict"
const { fork } = require("node:child_process")
const path = require("node:path")

const { DemoError } = require("./demo-error")

/*
 * Runs demo/admin/ensure-build.js (the dashboard bundle, rebuilt only when stale) in a process group of its
 * own, and stops that group, the Vite build included, when the demo stops first.
 */
function ensureAdminBundle(env) {
  const child = fork(path.join(__dirname, "../admin/ensure-build.js"), [], {
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  })
  let report
  child.once("message", (message) => {
    report = message
  })
  const done = new Promise((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", (code, signal) => {
      if (report?.dir) resolve(report)
      else
        reject(
          new DemoError(`the admin dashboard build failed: ${report?.error ?? `exited ${signal ?? code}`}`)
        )
    })
  })
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch (error) {
      if (error.code !== "ESRCH") throw error
    }
  }
  return { done, stop }
}

module.exports = { ensureAdminBundle }
