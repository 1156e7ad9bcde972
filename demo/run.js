"use strict"
/*
 * `npm run demo`: the plugin in a running store, in one command. The sandbox (the financing service's
 * stand-in) and the storefront run in this process; the database is made or reused; the dashboard bundle
 * is rebuilt only when stale; Medusa runs through its own CLI in child processes (`db:migrate`, `exec` of
 * the seed, `start`). Prints the URLs and the admin login. Ctrl-C (SIGINT) or SIGTERM stops everything and
 * exits 0. Settings: DEMO_* environment variables (demo/lib/settings.js); DEMO_LOCATIONS=2 adds the outlet, a
 * second location with its own store code, sales channel and storefront (demo/lib/outlet.js).
 */
const fs = require("node:fs")
const path = require("node:path")

const { ensureAdminBundle } = require("./lib/admin-bundle")
const { Lifecycle } = require("./lib/lifecycle")
const { layOutMedusaApp, linkAdminBundle } = require("./lib/medusa-app")
const { medusaEnvironment } = require("./lib/medusa-env")
const { MedusaProcess } = require("./lib/medusa-process")
const { describeLocations, storefrontLocations } = require("./lib/outlet")
const { portForMedusa, portTaken } = require("./lib/ports")
const { SANDBOX_STORE, startDemoSandbox } = require("./lib/sandbox")
const { loadOrCreateSecrets } = require("./lib/secrets")
const { DemoError } = require("./lib/demo-error")
const { readSettings } = require("./lib/settings")
const { prepareStoreData } = require("./lib/store-data")
const {
  checkRedis,
  describeTopology,
  readTopology,
  serverEnvironment,
  startWorker,
} = require("./lib/topology")
const { registerTypeScript } = require("./lib/typescript")
const { createStorefront } = require("./storefront/server")

const startedAt = Date.now()
const say = (line) => process.stdout.write(`${line}\n`)
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const lifecycle = new Lifecycle(say)
lifecycle.watch()

async function main() {
  const settings = readSettings()
  // DEMO_TOPOLOGY=redis: a server and a worker on Redis (demo/lib/topology.js), checked before anything starts.
  const topology = readTopology()
  await checkRedis(topology)
  if (settings.reset) fs.rmSync(settings.stateDir, { recursive: true, force: true })
  fs.mkdirSync(settings.stateDir, { recursive: true })
  fs.writeFileSync(settings.logFile, "")
  const secrets = loadOrCreateSecrets(settings.secretsFile)
  registerTypeScript()

  // Both listen at once: a taken port fails the start in a second, not after the migrations.
  const storefront = createStorefront()
  const storefrontUrl = await storefront
    .listen(settings.ports.storefront, settings.host)
    .catch((error) => Promise.reject(portTaken(error, settings.ports.storefront, "DEMO_STOREFRONT_PORT")))
  lifecycle.add(storefront.close)
  // DEMO_LOCATIONS=2: the outlet's shoppers have a storefront of their own, with the outlet's publishable key.
  const outletStorefront = settings.locations === 2 ? createStorefront() : undefined
  const outletStorefrontUrl = await outletStorefront
    ?.listen(settings.ports.outletStorefront, settings.host)
    .catch((error) =>
      Promise.reject(portTaken(error, settings.ports.outletStorefront, "DEMO_OUTLET_STOREFRONT_PORT"))
    )
  if (outletStorefront) lifecycle.add(outletStorefront.close)
  const sandbox = await startDemoSandbox(settings, secrets, (line) => {
    if (!line.includes("listening on")) process.stderr.write(`sandbox: ${line}\n`)
  }).catch((error) => Promise.reject(portTaken(error, settings.ports.sandbox, "DEMO_SANDBOX_PORT")))
  lifecycle.add(sandbox.close)
  const medusaPort = await portForMedusa(settings.host, settings.ports.medusa, "DEMO_MEDUSA_PORT")
  const backendUrl = `http://${settings.host}:${medusaPort}`

  const env = {
    ...medusaEnvironment({
      settings,
      secrets,
      backendUrl,
      storefrontUrl,
      sandboxUrl: sandbox.url,
      outletStorefrontUrl,
    }),
    ...topology.env,
  }
  layOutMedusaApp(settings)
  const medusa = async (...args) => {
    const command = new MedusaProcess(settings, args, env).start()
    const forget = lifecycle.add(() => command.stop())
    await command.finished().finally(forget)
  }

  const adminBundle = async () => {
    const since = Date.now()
    say("Checking the admin dashboard bundle (a rebuild takes about a minute)…")
    const bundle = ensureAdminBundle({ ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" })
    const forget = lifecycle.add(bundle.stop)
    const report = await bundle.done.finally(forget)
    linkAdminBundle(settings, report.dir)
    // Medusa, if already booting, serves the dashboard from now on (demo/medusa/admin-hold.js).
    fs.writeFileSync(settings.adminReadyFile, `${report.dir}\n`)
    say(
      report.rebuilt
        ? `Admin dashboard rebuilt (${seconds(since)}: ${report.reason}).`
        : "Admin dashboard up to date."
    )
    return report
  }
  // The build is mostly waiting on one core while the migrations use the other; Medusa starts as soon as
  // the store's data is ready, and only its dashboard waits for the build.
  fs.rmSync(settings.adminReadyFile, { force: true })
  const bundle = adminBundle()
  const storeData = prepareStoreData(settings, medusa, say)
  // Whichever fails first stops the start; the other is still awaited below.
  await Promise.race([bundle, storeData])
  const seed = await storeData

  say("Starting Medusa…")
  const start = ["start", "--port", String(medusaPort), "--host", settings.host]
  const server = new MedusaProcess(settings, start, {
    ...env,
    ...serverEnvironment(topology),
    DEMO_ADMIN_READY_FILE: settings.adminReadyFile,
  }).start()
  lifecycle.add(() => server.stop())
  // The worker boots beside the server; a failure is reported once the server is up (awaited below).
  const workerStarting = topology.kind === "redis" ? startWorker({ settings, env, lifecycle }) : undefined
  workerStarting?.catch(() => undefined)
  if (!fs.existsSync(settings.adminReadyFile)) {
    say("Medusa is starting; it answers once the admin dashboard is built.")
    const exitedFirst = server.exited.then(() =>
      server.finished().then(() => {
        throw new DemoError("medusa start exited while the admin dashboard was being built")
      })
    )
    await Promise.race([bundle, exitedFirst])
  }
  await server.serving(`${backendUrl}/health`)
  void server.exited.then(({ code, signal }) => {
    if (lifecycle.stopping) return
    process.stderr.write(
      `\nMedusa stopped unexpectedly (${signal ?? `exit ${code}`}).\n${server.logTail()}\n`
    )
    void lifecycle.stop(1)
  })
  const worker = await workerStarting

  const adminUrl = `${backendUrl}/app`
  const shop = { backendUrl, regionId: seed.regionId, adminUrl, sandboxUrl: sandbox.url }
  const where = { webStoreCode: SANDBOX_STORE.storeCode, storefrontUrl, outletStorefrontUrl, seed }
  const locations = outletStorefront ? storefrontLocations(where) : undefined
  storefront.ready({ ...shop, publishableKey: seed.publishableKey, location: locations?.web })
  outletStorefront?.ready({ ...shop, publishableKey: seed.outlet.publishableKey, location: locations.outlet })
  say(
    [
      "",
      `Retail financing demo is ready (${seconds(startedAt)}).`,
      ...(outletStorefront ? describeLocations(where) : [`  Storefront  ${storefrontUrl}`]),
      `  Admin       ${adminUrl}`,
      `              log in as ${settings.admin.email} / ${settings.admin.password}`,
      `  Sandbox     ${sandbox.url}  (applications: ${sandbox.url}/sandbox/applications)`,
      `  Medusa API  ${backendUrl}  (the store API the storefront calls)`,
      // A publishable key is not a secret (every storefront page sends it); another storefront needs it.
      `  Key         ${seed.publishableKey}  (the publishable key a storefront sends)`,
      ...(settings.storefrontOrigins.length > 0
        ? [`  Also for    ${settings.storefrontOrigins.join(", ")}  (DEMO_STOREFRONT_ORIGINS)`]
        : []),
      `  Medusa log  ${path.relative(process.cwd(), settings.logFile)}`,
      ...describeTopology(topology, worker),
      "Buy something with Pay over time, approve and sign at the sandbox, then find the order in the admin.",
      ...(outletStorefront
        ? ["At the outlet, the sandbox's applications list shows it made under the outlet's store code."]
        : []),
      "Press Ctrl-C to stop.",
    ].join("\n")
  )
}

main().catch((error) => {
  if (lifecycle.stopping) return
  const message = error instanceof DemoError ? error.message : (error?.stack ?? String(error))
  process.stderr.write(`\nThe demo could not start: ${message}\n`)
  void lifecycle.stop(1)
})
