/*
 * "As low as" from the plugin's cache against Medusa's cheapest store route, in the same run, as a ratio;
 * and the calls the route made to the financing service.
 *
 *   npm run bench:as-low-as        (BENCH_ROUNDS=8, BENCH_REQUESTS=400 per round, BENCH_CONCURRENCY=8)
 *
 * Boots the integration app once (medusaIntegrationTestRunner, the sandbox as the service), creates a
 * publishable key, asks once for each of a few amounts (filling the cache: one service call per amount),
 * then runs rounds of requests against the three routes in turn (each goes first, second and last
 * as often, so drift and bursts of load from elsewhere on the machine hit all alike), after an untimed
 * warm-up round of each.
 *
 *   as-low-as:         GET /store/retail-financing/as-low-as?amount=<one of the amounts, in turn>
 *   as-low-as product: the same with &product_id= of a leasable product (a product page): one read of the
 *                      product, and of the non-leasable rule, before the cache
 *   baseline:          GET /store/currencies/usd
 *
 * The baseline is the lightest real store route: one row of one table (no joins, unlike regions or
 * products), behind the same middleware (CORS, publishable key, locale, optional customer auth, query
 * validation). Both answer a small JSON object, so what differs is mostly the work behind the route.
 *
 * Requests go over keep-alive connections, `concurrency` at a time. Prints figures and writes
 * bench/results/as-low-as.json (git-ignored). Fails only when a request does, never on a figure. The
 * plugin's jobs are stopped, so only these requests talk to the service.
 */
import http from "node:http"
import os from "node:os"
import { performance } from "node:perf_hooks"

import { Modules } from "@medusajs/framework/utils"

import { financingIntegrationSuite } from "../integration-tests/helpers"
import { percentile, positiveInteger, table, writeResults } from "./support/figures"

const ROUNDS = positiveInteger("BENCH_ROUNDS", 8)
const REQUESTS = positiveInteger("BENCH_REQUESTS", 400)
const CONCURRENCY = positiveInteger("BENCH_CONCURRENCY", 8)
/** Distinct amounts: product prices a catalogue page would show. One service call each is the goal. */
const AMOUNTS = ["129.99", "499.00", "1299.99", "2499.50", "4999.99"]
const CALCULATOR = /\/lowestPaymentOption$/

/** A leasable product, made once the app is up: the product page's request names it. */
const bench = { productId: "" }

const ROUTES = {
  "as-low-as": (i: number) => `/store/retail-financing/as-low-as?amount=${AMOUNTS[i % AMOUNTS.length]}`,
  "as-low-as product": (i: number) =>
    `/store/retail-financing/as-low-as?amount=${AMOUNTS[i % AMOUNTS.length]}&product_id=${bench.productId}`,
  baseline: () => "/store/currencies/usd",
} as const
const ORDERS: RouteName[][] = [
  ["as-low-as", "as-low-as product", "baseline"],
  ["baseline", "as-low-as", "as-low-as product"],
  ["as-low-as product", "baseline", "as-low-as"],
]
type RouteName = keyof typeof ROUTES

interface Run {
  route: RouteName
  round: number
  requests: number
  wallMs: number
  perSecond: number
  latenciesMs: number[]
}

const median = (values: number[]) => percentile(values, 0.5)

/** One GET over the keep-alive agent; resolves with its latency, rejects on anything but a 200. */
function get(agent: http.Agent, base: string, url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(url, base), { agent, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        if (response.statusCode === 200) resolve(performance.now() - started)
        else
          reject(new Error(`GET ${url} answered ${response.statusCode}: ${Buffer.concat(chunks).toString()}`))
      })
      response.on("error", reject)
    })
    request.on("error", reject)
  })
}

financingIntegrationSuite({
  storefront: true,
  stopJobs: "all",
  testSuite: ({ financing, storefront, getContainer }) => {
    it(
      `as-low-as from cache against ${ROUTES.baseline()}: ${ROUNDS} rounds of ${REQUESTS} requests each`,
      async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
        const base = financing.backendUrl
        const calculatorCalls = () => financing.serviceRequests.count("POST", CALCULATOR)
        const callsBefore = calculatorCalls()

        async function run(route: RouteName, round: number): Promise<Run> {
          const latenciesMs: number[] = []
          let next = 0
          const worker = async () => {
            while (next < REQUESTS) {
              const i = next++
              latenciesMs.push(await get(agent, base, ROUTES[route](i), storefront.headers))
            }
          }
          const started = performance.now()
          await Promise.all(Array.from({ length: CONCURRENCY }, worker))
          const wallMs = performance.now() - started
          return {
            route,
            round,
            requests: REQUESTS,
            wallMs,
            perSecond: (REQUESTS / wallMs) * 1000,
            latenciesMs,
          }
        }

        try {
          const [product] = await getContainer()
            .resolve(Modules.PRODUCT)
            .createProducts([{ title: "Walnut dining table" }])
          bench.productId = product.id
          // Fill the cache, one amount after another: each is one call to the service.
          for (const amount of AMOUNTS) {
            await get(agent, base, `/store/retail-financing/as-low-as?amount=${amount}`, storefront.headers)
          }
          const warmCalls = calculatorCalls() - callsBefore
          // Untimed: JIT, connection pools, Medusa's own caches.
          for (const route of ORDERS[0]) await run(route, -1)

          const timedFrom = calculatorCalls()
          const loadBefore = os.loadavg()[0]
          const runs: Run[] = []
          for (let round = 0; round < ROUNDS; round++) {
            for (const route of ORDERS[round % ORDERS.length]) runs.push(await run(route, round))
          }
          const loadAfter = os.loadavg()[0]

          report({
            runs,
            load: [loadBefore, loadAfter],
            warmCalls,
            timedCalls: calculatorCalls() - timedFrom,
            totalCalls: calculatorCalls() - callsBefore,
          })
        } finally {
          agent.destroy()
        }
      },
      // Booting is the runner's beforeAll; this covers the requests, with room for a slow machine.
      120_000 + ROUNDS * REQUESTS * 3 * 50
    )
  },
})

interface Figures {
  runs: Run[]
  load: [number, number]
  /** Service calls while filling the cache (goal: one per amount). */
  warmCalls: number
  /** Service calls during the timed rounds (goal: none). */
  timedCalls: number
  totalCalls: number
}

function report({ runs, load, warmCalls, timedCalls, totalCalls }: Figures): void {
  const of = (route: RouteName) => runs.filter((run) => run.route === route)
  const summary = (route: RouteName) => {
    const mine = of(route)
    const latencies = mine.flatMap((run) => run.latenciesMs)
    return {
      medianPerSecond: median(mine.map((run) => run.perSecond)),
      minPerSecond: Math.min(...mine.map((run) => run.perSecond)),
      maxPerSecond: Math.max(...mine.map((run) => run.perSecond)),
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      p99Ms: percentile(latencies, 0.99),
    }
  }
  const asLowAs = summary("as-low-as")
  const asLowAsProduct = summary("as-low-as product")
  const baseline = summary("baseline")
  const ratio = asLowAs.medianPerSecond / baseline.medianPerSecond
  const productRatio = asLowAsProduct.medianPerSecond / baseline.medianPerSecond
  // Paired by round, so a round slowed by the machine counts against both routes alike.
  const roundRatios = Array.from({ length: ROUNDS }, (_, round) => {
    const pick = (route: RouteName) => runs.find((run) => run.route === route && run.round === round)
    return (pick("as-low-as")?.perSecond ?? 0) / (pick("baseline")?.perSecond ?? 1)
  })

  const fixed = (value: number, digits = 1) => value.toFixed(digits)
  const lines = [
    `as-low-as bench: Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), ` +
      `load average ${fixed(load[0])} -> ${fixed(load[1])}; ${ROUNDS} rounds (each route first in turn) of ${REQUESTS} ` +
      `requests per route, ${CONCURRENCY} at a time over keep-alive connections`,
    "",
    table(
      ["route", "req/s median", "min", "max", "p50 ms", "p95 ms", "p99 ms"],
      (
        [
          ["as-low-as (cached)", asLowAs],
          ["as-low-as with product_id (cached)", asLowAsProduct],
          [`baseline ${ROUTES.baseline()}`, baseline],
        ] as const
      ).map(([name, figures]) => [
        name,
        fixed(figures.medianPerSecond, 0),
        fixed(figures.minPerSecond, 0),
        fixed(figures.maxPerSecond, 0),
        fixed(figures.p50Ms, 2),
        fixed(figures.p95Ms, 2),
        fixed(figures.p99Ms, 2),
      ])
    ),
    "",
    `ratio as-low-as / baseline (median req/s): ${fixed(ratio, 2)}x; ` +
      `per round: ${roundRatios.map((value) => fixed(value, 2)).join(" ")}`,
    `ratio as-low-as with product_id / baseline (median req/s): ${fixed(productRatio, 2)}x`,
    `financing service calls: ${warmCalls} while filling the cache for ${AMOUNTS.length} amounts ` +
      `(goal ${AMOUNTS.length}), ${timedCalls} during the ${ROUNDS * REQUESTS * 2} timed as-low-as requests ` +
      `(goal 0), ${totalCalls} in all`,
  ]
  process.stdout.write(`\n${lines.join("\n")}\n\n`)

  writeResults("as-low-as", {
    load,
    rounds: ROUNDS,
    requestsPerRound: REQUESTS,
    concurrency: CONCURRENCY,
    amounts: AMOUNTS,
    baselineRoute: ROUTES.baseline(),
    asLowAs,
    asLowAsProduct,
    baseline,
    ratio,
    productRatio,
    roundRatios,
    serviceCalls: { fillingCache: warmCalls, timed: timedCalls, total: totalCalls },
    runs: runs.map(({ latenciesMs: _latencies, ...run }) => run),
  })
}
