import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

import { Client } from "@medusajs/framework/pg"

/*
 * What the install specs share: a merchant's store is a separate app that gets the plugin as npm would give it
 * (the packed tarball), and the only useful diagnosis of a failure is what Medusa itself printed.
 */

export const ROOT = path.resolve(__dirname, "../..")
export const PACKAGE = "medusa-payment-retail-financing"
const README_SNIPPET = /## Install\n[\s\S]*?```ts\n([\s\S]*?)```/

/** The repository README's medusa-config.ts, as a merchant copies it. */
export function readmeConfig(): string {
  const match = README_SNIPPET.exec(readFileSync(path.join(ROOT, "README.md"), "utf8"))
  if (!match) throw new Error("README.md has no ```ts block under ## Install")
  return match[1]
}

/** `npm pack` of the built plugin into workDir; the tarball's path. */
export function packPlugin(workDir: string): string {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", workDir], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  })
  const [{ filename, files }] = JSON.parse(output) as [{ filename: string; files: { path: string }[] }]
  if (!files.some((file) => file.path.startsWith(".medusa/server/"))) {
    throw new Error("the packed plugin has no .medusa/server: run `npm run build` first (`npm test` does)")
  }
  return path.join(workDir, filename)
}

/** `npm pack` of the built plugin, unpacked where npm would install it. */
export function installPackedPlugin(appDir: string, workDir: string): void {
  const tarball = packPlugin(workDir)
  const target = path.join(appDir, "node_modules", PACKAGE)
  mkdirSync(target, { recursive: true })
  execFileSync("tar", ["xzf", tarball, "-C", target, "--strip-components=1"])
}

export function medusa(appDir: string, env: NodeJS.ProcessEnv, args: string[]): ChildProcess {
  return spawn(process.execPath, [path.join(appDir, "node_modules/@medusajs/cli/cli.js"), ...args], {
    cwd: appDir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
}

/** Collects a process's output for the failure message: what Medusa said is the only useful diagnosis. */
export function captureOutput(child: ChildProcess): () => string {
  let output = ""
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000)
  }
  child.stdout?.on("data", append)
  child.stderr?.on("data", append)
  return () => output
}

export async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)))
}

export function stopGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error
  }
}

export async function withPostgres<T>(database: string, task: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `postgres://postgres@localhost:5432/${database}` })
  await client.connect()
  try {
    return await task(client)
  } finally {
    await client.end()
  }
}

export async function answers(url: string, deadline: number, alive: () => boolean): Promise<boolean> {
  while (Date.now() < deadline && alive()) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false
    )
    if (ok) return true
    await sleep(500)
  }
  return false
}

/** The environment of a merchant's shell: the test runner's own settings and the suite's database removed. */
export function merchantEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", MEDUSA_DISABLE_TELEMETRY: "true" }
  for (const name of ["NODE_OPTIONS", "JEST_WORKER_ID", "LOG_LEVEL"]) delete env[name]
  for (const name of Object.keys(env))
    if (name.startsWith("FINANCING_") || name.startsWith("DB_")) delete env[name]
  env.DATABASE_URL = databaseUrl
  return env
}
