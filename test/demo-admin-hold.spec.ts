import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

/*
 * The demo's first start boots Medusa while the dashboard builds (demo/medusa/admin-hold.js): Medusa's own
 * admin loader must wait for the demo's ready file instead of failing on a missing index.html, and go on
 * once it is there. Run in a child process as demo/medusa/cli.js runs `medusa start`: module hooks are
 * process-wide, and jest's module system is not Node's.
 */

const ROOT = path.resolve(__dirname, "..")

/** Registers the hold, then runs Medusa's admin loader as its boot does; prints where it got to. */
const SCRIPT = `
const path = require("node:path")
const { holdAdminUntilReady } = require(${JSON.stringify(path.join(ROOT, "demo/medusa/admin-hold.js"))})
const [readyFile, outDir] = process.argv.slice(1)
const medusa = path.dirname(require.resolve("@medusajs/medusa/package.json", { paths: [${JSON.stringify(ROOT)}] }))
const adminLoader = require(path.join(medusa, "dist/loaders/admin.js")).default
;(async () => {
  await holdAdminUntilReady(readyFile)
  console.log("booting")
  const mounted = []
  await adminLoader({
    app: { use: (at) => mounted.push(at) },
    configModule: { admin: { path: "/app" } },
    // The loader serves <root>/public/admin, as in the demo's app folder.
    rootDirectory: path.dirname(path.dirname(outDir)),
    plugins: [],
  })
  console.log("admin served at " + mounted.join(","))
})().catch((error) => {
  console.log("failed: " + error.message)
  process.exit(1)
})
`

function run(readyFile: string, outDir: string) {
  const child = spawn(process.execPath, ["-e", SCRIPT, readyFile, outDir], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "demo", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  return { output: () => output, exited, kill: () => child.kill("SIGKILL") }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe("the demo's first start: Medusa boots while the dashboard builds", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "demo-admin-hold-"))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("holds Medusa's admin loader until the demo's ready file exists, then serves the built dashboard", async () => {
    const readyFile = path.join(dir, "admin-ready")
    // Medusa's admin output folder, as the app folder lays it out (<root>/public/admin).
    const outDir = path.join(dir, "public", "admin")
    const medusa = run(readyFile, outDir)
    try {
      await until(() => medusa.output().includes("booting"), 15_000)
      // No bundle yet: without the hold, the loader fails at once ("Could not find index.html").
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(medusa.output()).not.toMatch(/failed|served/)

      // What the demo does once the build is done: the bundle in place, then the ready file.
      mkdirSync(outDir, { recursive: true })
      writeFileSync(path.join(outDir, "index.html"), "<!doctype html><title>dashboard</title>")
      writeFileSync(readyFile, `${outDir}\n`)
      await expect(medusa.exited).resolves.toBe(0)
      expect(medusa.output()).toContain("admin served at /app")
    } finally {
      medusa.kill()
    }
  }, 30_000)
})
