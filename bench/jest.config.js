// Benchmarks only, through `npm run bench:checkout`: the root config's projects never match bench/, so
// `npm test` does not run them. The integration project's settings are reused (transform, setup file,
// .env.test, which requiring the root config loads), with bench files as the only matches.
const path = require("node:path")

const root = require("../jest.config.js")

const integration = root.projects.find((project) => project.displayName === "integration")
if (!integration) throw new Error("jest.config.js has no project named integration")

/** @type {import("jest").Config} */
module.exports = {
  ...integration,
  rootDir: path.join(__dirname, ".."),
  displayName: "bench",
  testMatch: ["<rootDir>/bench/**/*.bench.ts"],
}
