"use strict"
const path = require("node:path")

/**
 * Lets this process require the plugin's TypeScript source, the way Medusa's own CLI does (ts-node, with
 * the swc transpiler the repository's tsconfig asks for), whatever folder the demo was started from.
 */
function registerTypeScript() {
  require("ts-node").register({ project: path.resolve(__dirname, "../../tsconfig.json") })
}

module.exports = { registerTypeScript }
