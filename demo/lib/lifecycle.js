"use strict"
const { setInterval } = require("node:timers")

/*
 * Everything the demo started, stopped exactly once and last-started first: on Ctrl-C (SIGINT), SIGTERM or
 * SIGHUP, when starting failed, or when the process that started the demo is gone. Then the process exits.
 */
class Lifecycle {
  constructor(say) {
    this.say = say
    this.stops = []
    this.stopping = false
  }

  /** Registers how to stop something; returns a function that forgets it (for what ended by itself). */
  add(stop) {
    this.stops.push(stop)
    return () => {
      const at = this.stops.indexOf(stop)
      if (at >= 0) this.stops.splice(at, 1)
    }
  }

  async stop(code) {
    if (this.stopping) return
    this.stopping = true
    for (const stop of this.stops.splice(0).reverse()) {
      await Promise.resolve()
        .then(stop)
        .catch((error) => process.stderr.write(`while stopping: ${error.message}\n`))
    }
    process.exit(code)
  }

  watch() {
    let firstSignalAt = 0
    const onSignal = () => {
      if (this.stopping) {
        // Wrappers can deliver one Ctrl-C twice (to the process group and again by hand); a second one a
        // person presses later means leave now. Medusa's processes then notice the demo is gone and stop.
        if (Date.now() - firstSignalAt > 2_000) process.exit(130)
        return
      }
      firstSignalAt = Date.now()
      this.say("\nStopping the demo…")
      void this.stop(0)
    }
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, onSignal)

    // `npm run demo` runs the demo under `sh -c`, which dies of a SIGTERM sent to npm without passing it
    // on: the demo, adopted by another parent, would run on with no one to stop it. A new parent means stop.
    const parent = process.ppid
    setInterval(() => {
      if (process.ppid !== parent && !this.stopping) onSignal()
    }, 1_000).unref()

    // A reader that went away (a closed terminal, a killed test runner) must not crash the way out.
    for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined)
  }
}

module.exports = { Lifecycle }
