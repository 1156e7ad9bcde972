"use strict"
const path = require("node:path")

/*
 * A `medusa exec` script (SpawnedStore.runJob): runs one of the plugin's scheduled jobs once, now, in a
 * process of its own on the spawned store's database, as a worker would at its next scheduled time.
 *
 *   medusa exec run-job.js <file name under src/jobs, without extension>
 */
exports.default = async function runJob({ container, args }) {
  const [name] = args
  if (!/^[a-z0-9-]+$/.test(name ?? "")) throw new Error(`not a job of src/jobs: ${name}`)
  // The plugin's TypeScript loads as the app's own does: Medusa's CLI registered ts-node for it.
  const job = require(path.join(__dirname, "../../../src/jobs", name)).default
  await job(container)
}
