"use strict"

/*
 * The financing service's stand-in, in the demo's own process: the plugin's sandbox from source (the
 * demo registers TypeScript first), keeping its applications in a file beside the demo database so that
 * orders made before a restart still have their applications after it.
 */

const SANDBOX_STORE = { username: "demo", storeCode: "DEMO" }

async function startDemoSandbox(settings, password, log) {
  const { startSandbox } = require("../../src/sandbox")
  return startSandbox({
    port: settings.ports.sandbox,
    host: settings.host,
    credentials: { ...SANDBOX_STORE, password },
    stateFile: settings.sandboxStateFile,
    log,
  })
}

module.exports = { SANDBOX_STORE, startDemoSandbox }
