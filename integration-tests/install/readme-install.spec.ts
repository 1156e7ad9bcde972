import { type ChildProcess } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

import { freePort } from "../helpers/free-port"
import {
  answers,
  captureOutput,
  exitCode,
  installPackedPlugin,
  medusa,
  merchantEnv,
  PACKAGE,
  readmeConfig,
  ROOT,
  stopGroup,
  withPostgres,
} from "./install-helpers"

/*
 * A merchant's first ten minutes, as the README tells them: a Medusa app whose medusa-config.ts is the
 * README's Install snippet, character for character, and whose .env is the package's .env.example, with the
 * plugin installed from the packed tarball (what npm would download). Then `medusa db:migrate`, and the
 * server started as a merchant starts it on day one (`medusa develop`).
 *
 * Two things differ from a laptop, both through the environment and neither through a file: DATABASE_URL
 * names a database of the test's own (loadEnv never overrides a variable already set), and the app's other
 * packages are links to this repository's node_modules instead of a second download of Medusa.
 */

/**
 * The tsconfig.json a new Medusa 2.21 app starts with (the default starter's): medusa-config.ts is compiled
 * with it, and without Node16 resolution `@medusajs/framework/utils` (a package export) is not found.
 */
const STARTER_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    skipDefaultLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strictNullChecks: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
}

/** Every other package the app needs, linked from this repository's node_modules (the same versions). */
function linkDependencies(appDir: string): void {
  const modules = path.join(ROOT, "node_modules")
  for (const entry of readdirSync(modules)) {
    if (entry === PACKAGE) continue
    symlinkSync(path.join(modules, entry), path.join(appDir, "node_modules", entry), "dir")
  }
}

describe("the README's install section, followed verbatim", () => {
  const workDir = mkdtempSync(path.join(tmpdir(), "rf-install-"))
  const appDir = path.join(workDir, "store")
  const database = `retail_financing_install_${process.pid}_${Date.now().toString(36)}`
  let env: NodeJS.ProcessEnv
  let server: ChildProcess | undefined

  beforeAll(async () => {
    mkdirSync(path.join(appDir, "node_modules"), { recursive: true })
    writeFileSync(
      path.join(appDir, "package.json"),
      JSON.stringify({ name: "my-store", private: true, dependencies: { "@medusajs/medusa": "2.21.2" } })
    )
    writeFileSync(path.join(appDir, "tsconfig.json"), JSON.stringify(STARTER_TSCONFIG, null, 2))
    writeFileSync(path.join(appDir, "medusa-config.ts"), readmeConfig())
    writeFileSync(path.join(appDir, ".env"), readFileSync(path.join(ROOT, ".env.example"), "utf8"))
    installPackedPlugin(appDir, workDir)
    linkDependencies(appDir)
    await withPostgres("postgres", (client) => client.query(`create database "${database}"`))

    env = merchantEnv(`postgres://postgres@localhost:5432/${database}`)
  }, 180_000)

  afterAll(async () => {
    if (server) stopGroup(server)
    await withPostgres("postgres", (client) =>
      client.query(`drop database if exists "${database}" with (force)`)
    ).catch(() => undefined)
    rmSync(workDir, { recursive: true, force: true })
  })

  it("`npx medusa db:migrate` creates the plugin's tables, before the operator's carrier list is set", async () => {
    // The snippet maps a carrier; a store that has not got the operator's list yet leaves it empty.
    const migrate = medusa(appDir, { ...env, FINANCING_CARRIERS: "" }, ["db:migrate"])
    const output = captureOutput(migrate)
    const code = await exitCode(migrate)
    expect({ code, output: code === 0 ? "" : output() }).toEqual({ code: 0, output: "" })

    const tables = await withPostgres(database, (client) =>
      client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_name like 'retail_financing_%' order by 1`
      )
    )
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["retail_financing_action", "retail_financing_application"])
    )
    // The package's migration script ran too (it gives applications from before store codes the top-level one).
    const scripts = await withPostgres(database, (client) =>
      client.query<{ script_name: string; finished_at: Date | null }>(
        `select script_name, finished_at from script_migrations where script_name like '%fill-application-store-codes%'`
      )
    )
    expect(scripts.rows).toEqual([expect.objectContaining({ finished_at: expect.any(Date) })])
  }, 240_000)

  it("the server starts with the plugin: its routes answer and its payment provider is registered", async () => {
    const port = await freePort()
    server = medusa(appDir, env, ["develop", "--port", String(port)])
    const output = captureOutput(server)
    const running = () => server!.exitCode === null && server!.signalCode === null
    const up = await answers(`http://localhost:${port}/health`, Date.now() + 180_000, running)
    expect({ up, output: up ? "" : output() }).toEqual({ up: true, output: "" })

    // A route of the plugin's, public: proves its API was loaded from the package, not only its config read.
    const script = await fetch(`http://localhost:${port}/retail-financing/as-low-as.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get("content-type")).toContain("javascript")

    const providers = await withPostgres(database, (client) =>
      client.query<{ id: string }>(`select id from payment_provider where id like 'pp_retail-financing_%'`)
    )
    expect(providers.rows.map((row) => row.id)).toEqual(["pp_retail-financing_retail-financing"])
  }, 240_000)
})
