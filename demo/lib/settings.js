"use strict"
const path = require("node:path")
const { URL } = require("node:url")

const { DemoError } = require("./demo-error")

/*
 * Everything a person can set through the environment, checked once, before anything starts: a wrong value
 * stops the demo with a sentence naming the variable, not a stack trace half a minute later.
 */

const ROOT = path.resolve(__dirname, "../..")
/** Loopback only: the demo prints its admin login and its sandbox signs anything; no one else may reach them. */
const HOST = "127.0.0.1"

function port(env, name, fallback) {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new DemoError(`${name} must be a port number (0 picks a free one), not "${raw}"`)
  }
  return Number(raw)
}

function databaseName(env) {
  const name = env.DEMO_DATABASE || "retail_financing_demo"
  // Also the name of a folder and part of SQL statements: letters, digits and underscores only.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new DemoError(
      `DEMO_DATABASE must be lower-case letters, digits and underscores (at most 63), not "${name}"`
    )
  }
  return name
}

function postgresServer(env) {
  const raw = env.DEMO_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432"
  let url
  try {
    url = new URL(raw)
  } catch {
    throw new DemoError("DEMO_POSTGRES_URL must be a URL such as postgres://postgres@127.0.0.1:5432")
  }
  if (!/^postgres(ql)?:$/.test(url.protocol) || (url.pathname !== "" && url.pathname !== "/")) {
    throw new DemoError(
      "DEMO_POSTGRES_URL must be a postgres:// URL of the server, without a database name " +
        "(the demo names its database with DEMO_DATABASE)"
    )
  }
  return url
}

function withDatabase(server, name) {
  const url = new URL(server.href)
  url.pathname = `/${name}`
  return url.href
}

/** DEMO_LOCATIONS: 1, the one store code (the default), or 2, the outlet beside it (demo/lib/outlet.js). */
function locationCount(env) {
  const raw = env.DEMO_LOCATIONS
  if (raw === undefined || raw === "" || raw === "1") return 1
  if (raw === "2") return 2
  throw new DemoError(
    `DEMO_LOCATIONS must be 1 (one store code, the default) or 2 (an outlet with a store code of its own), not "${raw}"`
  )
}

/**
 * DEMO_STOREFRONT_ORIGINS: other storefronts that use the demo as their backend (a DTC starter on
 * http://localhost:8000, say), comma-separated origins. They join the store CORS list and the plugin's
 * allowedRedirectOrigins, so their shoppers come back to them after the sandbox. Origins only: a path would
 * never match a browser's Origin header.
 */
function storefrontOrigins(env) {
  const raw = (env.DEMO_STOREFRONT_ORIGINS ?? "").trim()
  if (!raw) return []
  return raw.split(",").map((entry) => {
    const text = entry.trim()
    let url
    try {
      url = new URL(text)
    } catch {
      url = null
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, "")) {
      throw new DemoError(
        `DEMO_STOREFRONT_ORIGINS must be origins such as http://localhost:8000 (scheme, host and port, no path), separated by commas; "${text}" is not one`
      )
    }
    return url.origin
  })
}

function readSettings(env = process.env) {
  const database = databaseName(env)
  const server = postgresServer(env)
  const locations = locationCount(env)
  const ports = {
    storefront: port(env, "DEMO_STOREFRONT_PORT", 8000),
    medusa: port(env, "DEMO_MEDUSA_PORT", 9000),
    sandbox: port(env, "DEMO_SANDBOX_PORT", 4010),
    // Only listened on with DEMO_LOCATIONS=2: the outlet's shoppers have a storefront of their own.
    outletStorefront: port(env, "DEMO_OUTLET_STOREFRONT_PORT", 8001),
  }
  const used = locations === 2 ? Object.values(ports) : Object.values(ports).slice(0, 3)
  const fixed = used.filter((value) => value !== 0)
  if (new Set(fixed).size !== fixed.length) {
    throw new DemoError(
      locations === 2
        ? "DEMO_STOREFRONT_PORT, DEMO_OUTLET_STOREFRONT_PORT, DEMO_MEDUSA_PORT and DEMO_SANDBOX_PORT must differ"
        : "DEMO_STOREFRONT_PORT, DEMO_MEDUSA_PORT and DEMO_SANDBOX_PORT must differ"
    )
  }
  const stateDir = path.join(ROOT, ".medusa", "demo", database)
  return {
    root: ROOT,
    host: HOST,
    database,
    /** The server's maintenance database, to create and drop the demo's. */
    maintenanceUrl: withDatabase(server, "postgres"),
    databaseUrl: withDatabase(server, database),
    reset: env.DEMO_RESET === "1",
    verbose: env.DEMO_VERBOSE === "1",
    locations,
    ports,
    storefrontOrigins: storefrontOrigins(env),
    admin: {
      email: env.DEMO_ADMIN_EMAIL || "admin@example.com",
      password: env.DEMO_ADMIN_PASSWORD || "demo-password",
    },
    /** Under the repository's `.medusa/`, which git, ESLint, Prettier, jest and tsc leave alone. */
    stateDir,
    appDir: path.join(stateDir, "app"),
    logFile: path.join(stateDir, "medusa.log"),
    seedFile: path.join(stateDir, "seed.json"),
    migrationsFile: path.join(stateDir, "migrations.json"),
    /** Present when the demo created the database, which it may then drop without being asked. */
    databaseOwnedFile: path.join(stateDir, "database.json"),
    secretsFile: path.join(stateDir, "secrets.json"),
    sandboxStateFile: path.join(stateDir, "sandbox-state.json"),
    /** Written once the dashboard bundle is built and linked: `medusa start` serves it from then on. */
    adminReadyFile: path.join(stateDir, "admin-ready"),
  }
}

module.exports = { readSettings }
