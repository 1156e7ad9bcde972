"use strict"

/*
 * The financing service's stand-in, in the demo's own process: the plugin's sandbox from source (the
 * demo registers TypeScript first), keeping its applications in a file beside the demo database so that
 * orders made before a restart still have their applications after it. With DEMO_LOCATIONS=2 it plays the
 * outlet's retailer account too (demo/lib/outlet.js).
 */

const { outletSandboxCredentials } = require("./outlet")

const SANDBOX_STORE = { username: "demo", storeCode: "DEMO" }

async function startDemoSandbox(settings, secrets, log) {
  const { startSandbox } = require("../../src/sandbox")
  const store = { ...SANDBOX_STORE, password: secrets.sandboxPassword }
  return startSandbox({
    port: settings.ports.sandbox,
    host: settings.host,
    credentials: settings.locations === 2 ? [store, outletSandboxCredentials(secrets)] : store,
    stateFile: settings.sandboxStateFile,
    log,
  })
}

module.exports = { SANDBOX_STORE, startDemoSandbox }
