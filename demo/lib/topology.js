"use strict"
const fs = require("node:fs")
const path = require("node:path")
const { URL } = require("node:url")

const { DemoError } = require("./demo-error")
const { MedusaProcess } = require("./medusa-process")
const { portForMedusa } = require("./ports")

/*
 * DEMO_TOPOLOGY=redis: the store as production runs it (docs/deployment.md), on one machine. Medusa runs as
 * two processes of the same app, a server (HTTP: the storefront's API, the admin, the service's callbacks)
 * and a worker (the plugin's post-sale subscriber, its reconciliation and send jobs), sharing the database
 * and Redis through Medusa's Redis modules (demo/medusa/redis-modules.js, added by the demo's
 * medusa-config.js when DEMO_REDIS_URL is set). Unset, the demo is one process with the in-memory modules.
 */

const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"

/** What DEMO_TOPOLOGY asks for, checked before anything starts. */
function readTopology(env = process.env) {
  const kind = env.DEMO_TOPOLOGY || "single"
  if (kind === "single") return { kind, redisUrl: undefined, env: {} }
  if (kind !== "redis") {
    throw new DemoError(
      `DEMO_TOPOLOGY must be "redis" (a server and a worker on Redis) or unset (one process), not "${kind}"`
    )
  }
  const redisUrl = env.DEMO_REDIS_URL || DEFAULT_REDIS_URL
  let url
  try {
    url = new URL(redisUrl)
  } catch {
    url = undefined
  }
  if (!url || !/^rediss?:$/.test(url.protocol)) {
    throw new DemoError(
      `DEMO_REDIS_URL must be a redis:// URL such as ${DEFAULT_REDIS_URL}, not "${redisUrl}"`
    )
  }
  // Medusa's processes read it (demo/medusa/medusa-config.js); the server's mode is set when it starts.
  return { kind, redisUrl, env: { DEMO_REDIS_URL: redisUrl } }
}

/** Fails with a sentence when Redis does not answer, before any Medusa command tries it for half a minute. */
async function checkRedis(topology) {
  if (!topology.redisUrl) return
  // Medusa's own Redis client (its Redis modules depend on it): the demo adds no library.
  const Redis = require("ioredis")
  const client = new Redis(topology.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  })
  try {
    await client.connect()
    await client.ping()
  } catch (error) {
    throw new DemoError(
      `DEMO_TOPOLOGY=redis needs Redis at ${topology.redisUrl}, which did not answer (${error.message}). ` +
        "Start it (redis-server), set DEMO_REDIS_URL, or unset DEMO_TOPOLOGY for one process."
    )
  } finally {
    client.disconnect()
  }
}

/** The mode of the process `medusa start` runs as: one shared process, or the server of the pair. */
function serverEnvironment(topology) {
  return topology.kind === "redis" ? { MEDUSA_WORKER_MODE: "server" } : {}
}

/**
 * Starts the worker beside the server: the same app and environment, MEDUSA_WORKER_MODE=worker, its own
 * log file, on a free port (a worker answers only /health). Stopped with the demo; a worker that stops on
 * its own stops the demo, as the server does.
 */
async function startWorker({ settings, env, lifecycle }) {
  const port = await portForMedusa(settings.host, 0, "DEMO_MEDUSA_PORT")
  const logFile = path.join(settings.stateDir, "medusa-worker.log")
  fs.writeFileSync(logFile, "")
  const worker = new MedusaProcess(
    { ...settings, logFile },
    ["start", "--port", String(port), "--host", settings.host],
    { ...env, MEDUSA_WORKER_MODE: "worker" }
  ).start()
  lifecycle.add(() => worker.stop())
  await worker.serving(`http://${settings.host}:${port}/health`)
  void worker.exited.then(({ code, signal }) => {
    if (lifecycle.stopping) return
    process.stderr.write(
      `\nMedusa's worker stopped unexpectedly (${signal ?? `exit ${code}`}).\n${worker.logTail()}\n`
    )
    void lifecycle.stop(1)
  })
  return { logFile, pid: worker.child.pid }
}

/** The lines the ready message adds for the topology. */
function describeTopology(topology, worker) {
  if (topology.kind !== "redis") return []
  return [
    `  Topology    a server (the Medusa API above) and a worker (pid ${worker.pid}) on ${topology.redisUrl}`,
    `  Worker log  ${path.relative(process.cwd(), worker.logFile)}`,
  ]
}

module.exports = { readTopology, checkRedis, serverEnvironment, startWorker, describeTopology }
