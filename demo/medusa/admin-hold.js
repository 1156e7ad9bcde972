"use strict"
const fs = require("node:fs")
const { setTimeout: sleep } = require("node:timers/promises")
const { pathToFileURL } = require("node:url")

/*
 * `medusa start` before the dashboard bundle is built, on a first start: everything Medusa loads before the
 * dashboard (modules, links, the plugin's routes...) loads while the bundle builds, and only its admin loader
 * waits. That loader reads the built index.html once, at boot, and fails without it; here it waits until the
 * demo writes DEMO_ADMIN_READY_FILE (the bundle is built and linked), so the store answers a few seconds
 * after the build instead of a whole Medusa boot later.
 *
 * How: Medusa's admin loader imports `@medusajs/admin-bundler` with import(); a module resolve hook
 * (admin-hold-hooks.mjs) hands it admin-held-bundler.mjs instead, the same bundler whose `serve` first
 * waits for the file. Without module.register (Node before 20.6) the whole start waits for the file, as it
 * did before.
 */

async function untilExists(file) {
  while (!fs.existsSync(file)) await sleep(200)
}

/** Resolves when `medusa start` may go on; call before Medusa's CLI is loaded. */
async function holdAdminUntilReady(readyFile) {
  const { register } = require("node:module")
  if (typeof register !== "function") {
    await untilExists(readyFile)
    return
  }
  register("./admin-hold-hooks.mjs", pathToFileURL(__filename), { data: { readyFile } })
}

module.exports = { holdAdminUntilReady, untilExists }
