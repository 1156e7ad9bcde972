"use strict"
/*
 * The dashboard bundle the demo serves at /app, with this plugin's admin extensions: the browser tests'
 * own build (integration-tests/browser/admin-browser.ts), made only when src/admin changed since the last
 * one, so the demo and the tests share one bundle and one rule for when it is stale. Runs in a child of
 * demo/run.js because the build (Vite, about a minute, 2 GB) must stop with the demo: the demo stops this
 * process's group, the build included. It reports `{ dir, rebuilt, reason, ms }` over IPC.
 */
const { registerTypeScript } = require("../lib/typescript")

if (process.send) {
  // Left running by a demo that was killed outright, the build would hold two gigabytes for a minute.
  process.once("disconnect", () => process.kill(-process.pid, "SIGTERM"))
}

registerTypeScript()
const { ADMIN_BUILD_DIR, ensureAdminBuild } = require("../../integration-tests/browser/admin-browser")

function report(message) {
  // Going away on purpose now: the tripwire above is for the demo going away first.
  process.removeAllListeners("disconnect")
  process.send(message, () => process.exit(0))
}

ensureAdminBuild().then(
  (result) => report({ ...result, dir: ADMIN_BUILD_DIR }),
  (error) => report({ error: error instanceof Error ? error.message : String(error) })
)
