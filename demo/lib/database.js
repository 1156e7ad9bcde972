"use strict"
// Medusa's own copy of node-postgres, so the demo needs no driver of its own.
const { Client } = require("@medusajs/framework/pg")

const { DemoError } = require("./demo-error")

/*
 * The demo's database on the PostgreSQL server: created when missing, dropped first on DEMO_RESET=1.
 * Migrations and data are Medusa's business (db:migrate, the seed script).
 */

async function withMaintenanceClient(settings, task) {
  const client = new Client({ connectionString: settings.maintenanceUrl })
  try {
    await client.connect()
  } catch (error) {
    throw new DemoError(
      `cannot reach PostgreSQL (${error.code ?? error.message}): start it, or point DEMO_POSTGRES_URL at it`,
      { cause: error }
    )
  }
  try {
    return await task(client)
  } finally {
    await client.end()
  }
}

/**
 * Returns "created", "exists" or "recreated". `recreate` drops an existing database first (DEMO_RESET=1, or
 * a seed the demo itself cut short). The name was checked by readSettings: safe to quote.
 */
async function prepareDatabase(settings, { recreate = settings.reset } = {}) {
  return withMaintenanceClient(settings, async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      settings.database,
    ])
    if (rowCount && !recreate) return "exists"
    // FORCE ends connections a previous demo left behind (PostgreSQL 13+).
    if (rowCount) await client.query(`drop database "${settings.database}" with (force)`)
    await client.query(`create database "${settings.database}"`)
    return rowCount ? "recreated" : "created"
  })
}

module.exports = { prepareDatabase }
