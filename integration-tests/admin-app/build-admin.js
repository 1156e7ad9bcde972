/*
 * Builds the Medusa dashboard with this plugin's admin extensions (src/admin, from source) for the browser
 * tests: what `medusa build --admin-only` does in an app whose admin sources are this plugin's src/admin.
 * integration-tests/browser/admin-browser.ts runs it in a child process, only when src/admin changed.
 *
 *   node integration-tests/admin-app/build-admin.js <work dir> <out dir>
 *
 * Vite's root is `<work dir>/.medusa/client` (admin-bundler writes its entry files there, relative to the
 * working directory), so the test runs this with the work dir as cwd. Both folders live under the
 * repository's own `.medusa/`, which git, ESLint, Prettier and jest already ignore: `medusa build` run
 * in a folder of its own would leave `.medusa/admin` and `.medusa/types` where ESLint lints them.
 */
const path = require("node:path")

// admin-bundler is what @medusajs/medusa's `build` command calls; resolved through it, not hoisting.
const bundlerPath = require.resolve("@medusajs/admin-bundler", {
  paths: [path.dirname(require.resolve("@medusajs/medusa/package.json"))],
})
const { build } = require(bundlerPath)

async function main() {
  const [workDir, outDir] = process.argv.slice(2)
  if (!workDir || !outDir) throw new Error("usage: build-admin.js <work dir> <out dir>")
  if (path.resolve(process.cwd()) !== path.resolve(workDir)) {
    throw new Error(`run from the work dir ${workDir} (Vite's root is <cwd>/.medusa/client)`)
  }
  const started = Date.now()
  // The options `medusa build` passes: the admin config's defaults (path "/app", 1 MB uploads) and the
  // local admin sources. backendUrl "/" makes the dashboard and the widget call the server they were
  // loaded from, whatever port a test gave it.
  await build({
    disable: false,
    sources: [path.resolve(__dirname, "../../src/admin")],
    plugins: [],
    path: "/app",
    backendUrl: "/",
    maxUploadFileSize: 1024 * 1024,
    outDir: path.resolve(outDir),
  })
  console.log(`admin dashboard built in ${Date.now() - started} ms into ${outDir}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
