"use strict"
const fs = require("node:fs")
const path = require("node:path")

const { prepareDatabase } = require("./database")
const { migrationPlan } = require("./migrations")
const { DemoError } = require("./demo-error")

const SEED_SCRIPT = path.join(__dirname, "../medusa/seed.js")

/**
 * The demo database, ready for the store: created (or recreated on DEMO_RESET=1), migrated, seeded on its
 * first start and reused after. `medusa(...args)` runs one Medusa CLI command to its end. Resolves with
 * what the seed reported for the storefront: the publishable key and the region.
 */
async function prepareStoreData(settings, medusa, say) {
  const first = await migrateAndSeed(settings, medusa, say)
  if (first.status !== "foreign") return first
  // Data without the seed's final mark, in a database the demo made: a first start stopped mid-seed.
  if (fs.existsSync(settings.databaseOwnedFile)) {
    say("The last seed of this database was cut short: making it again…")
    const again = await migrateAndSeed(settings, medusa, say, { recreate: true })
    if (again.status !== "foreign") return again
  }
  throw new DemoError(
    `database ${settings.database} holds store data the demo did not make. Run with DEMO_RESET=1 to drop ` +
      "and recreate it, or choose another DEMO_DATABASE."
  )
}

async function migrateAndSeed(settings, medusa, say, options) {
  const since = Date.now()
  const database = await prepareDatabase(settings, options)
  // Only a database the demo created may be dropped without DEMO_RESET=1.
  if (database !== "exists") fs.writeFileSync(settings.databaseOwnedFile, `${JSON.stringify({ database })}\n`)
  say(`Database ${settings.database}: ${database}. Running migrations…`)
  const migrations = migrationPlan(settings, database)
  await medusa(...migrations.args)
  migrations.done()
  say(`Migrations done (${((Date.now() - since) / 1000).toFixed(1)} s). Seeding…`)

  fs.rmSync(settings.seedFile, { force: true })
  await medusa("exec", SEED_SCRIPT)
  const seed = JSON.parse(fs.readFileSync(settings.seedFile, "utf8"))
  if (seed.status === "seeded") say("Seeded the demo store.")
  if (seed.status === "reused") say(`Demo store reused (seeded ${seed.seededAt}).`)
  return seed
}

module.exports = { prepareStoreData }
