"use strict"
/*
 * Medusa's own CLI (`medusa db:migrate`, `medusa exec`, `medusa start`), run by the demo in a process group
 * of its own so that a Ctrl-C in the terminal reaches only the demo, which then stops Medusa once and in
 * order. The price of that separation is that Medusa would outlive a demo killed outright (SIGKILL, a
 * crashed test runner): the IPC channel to the demo closes when the demo goes, whatever the cause, and
 * Medusa is then asked to stop as if by the demo.
 *
 *   node demo/medusa/cli.js <medusa command and arguments>     (run from the app folder, with an IPC channel)
 *
 * With DEMO_ADMIN_READY_FILE, `start` serves the dashboard only once that file exists (admin-hold.js).
 */
if (process.send) {
  // Its group, as the demo would: `db:migrate` runs its data scripts in a child of its own.
  process.once("disconnect", () => process.kill(-process.pid, "SIGTERM"))
  // The channel is only a tripwire: it must not keep a finished command alive.
  process.channel?.unref()
}

async function main() {
  const readyFile = process.env.DEMO_ADMIN_READY_FILE
  // `medusa start` on a first start: it boots while the dashboard builds, and serves once it is built.
  if (process.argv[2] === "start" && readyFile) await require("./admin-hold").holdAdminUntilReady(readyFile)
  const cli = require.resolve("@medusajs/cli/cli.js")
  process.argv = [process.argv[0], cli, ...process.argv.slice(2)]
  require(cli)
}

void main()
