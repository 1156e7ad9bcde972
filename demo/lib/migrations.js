"use strict"
const fs = require("node:fs")

/*
 * Which `medusa db:migrate` a start needs. Module migrations and link sync run every time (a plugin's new
 * migration must reach the demo database), but Medusa's data scripts and search indexes change only with
 * its version, and each boots Medusa once more (about 4 s apiece): they run for a new database and after a
 * Medusa upgrade, which a note beside the database records.
 */

const MEDUSA_VERSION = require("@medusajs/medusa/package.json").version

// No prompt can be answered from here: only link and index changes that lose nothing are made.
const ALWAYS = ["db:migrate", "--execute-safe-links", "--execute-safe-search"]

function migrationPlan(settings, database) {
  let recorded
  try {
    recorded = JSON.parse(fs.readFileSync(settings.migrationsFile, "utf8")).medusaVersion
  } catch {
    recorded = undefined
  }
  const full = database !== "exists" || recorded !== MEDUSA_VERSION
  return {
    args: full ? ALWAYS : [...ALWAYS, "--skip-scripts", "--skip-search"],
    done: () => {
      if (!full) return
      fs.writeFileSync(settings.migrationsFile, `${JSON.stringify({ medusaVersion: MEDUSA_VERSION })}\n`)
    },
  }
}

module.exports = { MEDUSA_VERSION, migrationPlan }
