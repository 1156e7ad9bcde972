/*
 * Throughput of the sandbox on loopback: application creation and status reads, each against baselines
 * measured in the same run (a bare node:http server, and the sandbox's own GET /sandbox/health), so the
 * figures read as ratios rather than as numbers that only mean something on one machine.
 *
 *   npx ts-node --transpile-only bench/sandbox-throughput.ts [--count 2000] [--concurrency 16] [--rounds 3]
 *
 * (tsconfig.json's "ts-node": { "swc": true } makes ts-node compile with the installed @swc/core.)
 * The raw rows use node:http with a keep-alive agent, so they measure the sandbox; the "client" rows go
 * through FinancingClient (zod validation both ways, axios), as the plugin will. The load generator and the
 * servers share one process (and so one event loop): the ratios compare like with like, the absolute
 * figures are a floor. Rounds interleave the scenarios, so a burst of load from elsewhere on the machine
 * hits all of them alike; each scenario reports its median round. Results also go to
 * bench/results/sandbox-throughput.json (git-ignored). Exits 1 if any request failed.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import { FinancingClient } from "../src/lib/financing"
import type { ApplicationInput } from "../src/lib/financing"
import { startSandbox } from "../src/sandbox"
import { percentile, table, writeResults } from "./support/figures"

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? fallback : Number(process.argv[index + 1])
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`)
  return value
}

const COUNT = option("count", 2000)
const CONCURRENCY = option("concurrency", 16)
const ROUNDS = option("rounds", 3)
const WARMUP = Math.min(200, COUNT)

interface Row {
  name: string
  count: number
  concurrency: number
  wallMs: number
  perSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  failures: number
  /** Lowest and highest req/s over the rounds. */
  spread?: [number, number]
}

/** Runs `once(i)` for i in 0..count-1, `concurrency` at a time, timing each call. */
async function measure(
  name: string,
  count: number,
  once: (i: number) => Promise<void>,
  concurrency = CONCURRENCY
): Promise<Row> {
  const latencies: number[] = []
  let failures = 0
  let firstFailure: unknown
  let next = 0
  const started = process.hrtime.bigint()
  const worker = async () => {
    while (next < count) {
      const i = next++
      const begun = process.hrtime.bigint()
      try {
        await once(i)
      } catch (error) {
        failures++
        firstFailure ??= error
      }
      latencies.push(Number(process.hrtime.bigint() - begun) / 1e6)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6
  if (firstFailure) console.error(`${name}: ${failures} failed; the first:`, firstFailure)
  latencies.sort((a, b) => a - b)
  return {
    name,
    count,
    concurrency,
    wallMs,
    perSecond: (count / wallMs) * 1000,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies[latencies.length - 1],
    failures,
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })

/** One request over the keep-alive agent; rejects unless the answer has the expected status. */
function request(
  url: string,
  expected: number,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers }
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body))
    const outgoing = http.request(url, { method: init.method ?? "GET", headers, agent }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (text += chunk))
      response.on("error", reject)
      response.on("end", () =>
        response.statusCode === expected
          ? resolve(text)
          : reject(new Error(`${url} answered ${response.statusCode}: ${text.slice(0, 200)}`))
      )
    })
    outgoing.on("error", reject)
    outgoing.end(init.body)
  })
}

function application(i: number): ApplicationInput {
  return {
    storeCode: "SANDBOX",
    firstName: "Bench",
    lastName: `Shopper ${i}`,
    mobilePhone: "512-555-0100",
    email: "bench@example.com",
    address: { street: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    products: [
      { description: "Sofa", quantity: 1, value: 1199 },
      { description: "Shipping", quantity: 1, value: 49.99 },
      { description: "Coupon", quantity: 1, value: -50 },
      { description: "Sales tax", quantity: 1, value: 98.92 },
    ],
    redirectUrl: "https://shop.example.com/return",
    cancelUrl: "https://shop.example.com/cart",
  }
}

async function startBareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify({ ok: true })
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

function format(rows: Row[], baseline: Row): string {
  const header = ["scenario", "count", "conc", "req/s", "rounds", "p50 ms", "p95 ms", "p99 ms", "max ms"]
  const lines = rows.map((row) => [
    row.name,
    String(row.count),
    String(row.concurrency),
    row.perSecond.toFixed(0),
    row.spread ? `${row.spread[0].toFixed(0)}-${row.spread[1].toFixed(0)}` : "",
    row.p50Ms.toFixed(2),
    row.p95Ms.toFixed(2),
    row.p99Ms.toFixed(2),
    row.maxMs.toFixed(2),
    `${(row.perSecond / baseline.perSecond).toFixed(2)}x`,
    String(row.failures),
  ])
  return table([...header, "vs bare", "failed"], lines)
}

async function main(): Promise<void> {
  const bare = await startBareServer()
  const sandbox = await startSandbox({ port: 0 })
  const client = new FinancingClient({
    baseUrl: sandbox.url,
    username: "sandbox",
    password: "sandbox-password",
    maxRetries: 0,
  })
  try {
    const token = await client.getToken()
    const json = { authorization: `Bearer ${token}`, "content-type": "application/json" }
    const created: string[] = []
    const create = async (i: number) => {
      const text = await request(`${sandbox.url}/v2/applications`, 200, {
        method: "POST",
        headers: json,
        body: JSON.stringify(application(i)),
      })
      created.push((JSON.parse(text) as { publicId: string }).publicId)
    }
    const read = (i: number) =>
      request(`${sandbox.url}/v2/applications/${created[i % created.length]}/status`, 200, { headers: json })

    const scenarios: [
      name: string,
      once: (i: number) => Promise<void>,
      count?: number,
      concurrency?: number,
    ][] = [
      ["baseline: bare node:http GET", () => request(`${bare.url}/`, 200).then(() => undefined)],
      [
        "baseline: GET /sandbox/health",
        () => request(`${sandbox.url}/sandbox/health`, 200).then(() => undefined),
      ],
      ["POST /v2/applications", create],
      ["GET /v2/applications/{id}/status", (i) => read(i).then(() => undefined)],
      [
        "client.createApplication",
        (i) => client.createApplication(application(i)).then(({ publicId }) => void created.push(publicId)),
      ],
      [
        "client.getApplicationStatus",
        (i) => client.getApplicationStatus(created[i % created.length]).then(() => undefined),
      ],
      ["POST /v2/applications, one at a time", create, Math.min(COUNT, 500), 1],
    ]

    // Warm every path (JIT, sockets, the token) before anything is timed.
    await measure("warm-up", WARMUP, create)
    for (const [name, once] of scenarios) await measure(name, WARMUP, once)

    const rounds = new Map<string, Row[]>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, once, count, concurrency] of scenarios) {
        // A short untimed run first: the row before may have left a GC or a cold path behind.
        await measure(name, Math.min(100, count ?? COUNT), once, concurrency)
        const row = await measure(name, count ?? COUNT, once, concurrency)
        rounds.set(name, [...(rounds.get(name) ?? []), row])
      }
    }
    const rows: Row[] = scenarios.map(([name]) => {
      const sorted = [...rounds.get(name)!].sort((a, b) => a.perSecond - b.perSecond)
      const median = sorted[Math.floor(sorted.length / 2)]
      return {
        ...median,
        failures: sorted.reduce((sum, row) => sum + row.failures, 0),
        spread: [sorted[0].perSecond, sorted[sorted.length - 1].perSecond],
      }
    })

    const [bareRow, healthRow] = rows
    console.log(
      `sandbox throughput: Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), ` +
        `load average ${os.loadavg()[0].toFixed(1)}; ${COUNT} requests per row, ${CONCURRENCY} at a time, ` +
        `median of ${ROUNDS} rounds\n`
    )
    console.log(format(rows, bareRow))
    const ratio = (name: string) => {
      const row = rows.find((candidate) => candidate.name === name)!
      return `${(row.perSecond / healthRow.perSecond).toFixed(2)}x`
    }
    console.log(
      `\nagainst GET /sandbox/health: creation ${ratio("POST /v2/applications")}, ` +
        `status read ${ratio("GET /v2/applications/{id}/status")}; ${created.length} applications held at the end`
    )

    writeResults("sandbox-throughput", { rounds: ROUNDS, rows })
    if (rows.some((row) => row.failures > 0)) process.exitCode = 1
  } finally {
    agent.destroy()
    await sandbox.close()
    await bare.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
