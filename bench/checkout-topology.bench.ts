/*
 * The concurrent financing checkout of issue 8 against two deployments of the same app, in one run:
 *
 *   one process            `medusa start` in shared mode, Medusa's default in-memory modules (a small store)
 *   two servers + worker   `medusa start` ×3 (MEDUSA_WORKER_MODE server, server, worker) on one PostgreSQL
 *                          database and Medusa's Redis modules (docs/deployment.md)
 *
 *   npm run bench:checkout:topology     (BENCH_CONCURRENCY=50 checkouts at once, BENCH_ROUNDS=2 rounds per
 *                                        deployment, BENCH_WARMUP=5: one untimed round of each first)
 *
 * Both deployments run side by side on the machine (spawned processes, each with its own database, sandbox
 * and proxies), and their rounds alternate (ABBA) after an untimed warm-up round of each. A checkout: cart
 * and collection, the financing session, approved at the sandbox (the shopper signs once its callback was
 * answered), signed at the sandbox, then at once the shopper's complete, as the return page does (tried 3
 * times, 1 s apart, when Medusa answers 409 or more), racing the signed callback. In the topology the
 * shoppers' requests go to the two servers in turn, and so do the service's callbacks (the callbacks proxy
 * balances them, as a load balancer would). A round ends when every checkout has its order, every signed
 * callback was answered and every order's references reached the service (sent after the sale, by the
 * worker in the topology), so the calls a round causes are counted in it.
 *
 * Printed side by side: orders (one per cart, the shopper's), calls to the service per checkout, latency
 * (session start, signing to the shopper's order, the whole checkout) and the CPU time the deployment's
 * Medusa processes used per round. Writes bench/results/checkout-topology.json (git-ignored). It fails when
 * a checkout fails or the orders are not one per cart, never on a timing or a call count. No scheduled
 * jobs (their files left out of the app): only the checkouts talk to the service.
 */
import { readFileSync, readdirSync } from "node:fs"
import os from "node:os"
import { performance } from "node:perf_hooks"
import { setTimeout as sleep } from "node:timers/promises"

import type { HttpTypes } from "@medusajs/framework/types"
import { isAxiosError } from "axios"

import {
  RETAIL_FINANCING_PROVIDER_ID,
  createCheckoutCart,
  createPaymentCollection,
  eventually,
  moveApplication,
  sandboxApplication,
} from "../integration-tests/helpers"
import type { MedusaInstance } from "../integration-tests/helpers/medusa-process/medusa-instance"
import { SpawnedStore } from "../integration-tests/helpers/medusa-process/spawned-store"
import { RedisDatabase } from "../integration-tests/helpers/redis-database"
import { percentile, positiveInteger, table, writeResults } from "./support/figures"
import { type Counts, ENDPOINT_CLASSES, classify, noCalls } from "./support/service-calls"

const CONCURRENCY = positiveInteger("BENCH_CONCURRENCY", 50)
const ROUNDS = positiveInteger("BENCH_ROUNDS", 2)
const WARMUP = positiveInteger("BENCH_WARMUP", 5)
const COMPLETE_ATTEMPTS = 3
const COMPLETE_RETRY_MS = 1_000
const SIGNED = "SignedWaitingForInvoice"
/** The demo's callback settings: the sandbox gives up on a callback after 5 s and sends it again. */
const SANDBOX = { callbackRetryDelayMs: 500, callbackTimeoutMs: 5_000 }
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

interface Deployment {
  name: string
  store: SpawnedStore
  /** Where the shoppers' requests go, in turn. */
  servers: MedusaInstance[]
  /** Every Medusa process of the deployment, for its CPU time. */
  processes: MedusaInstance[]
}

interface CheckoutFigures {
  cartId: string
  publicId: string
  orderId: string
  sessionMs: number
  signToOrderMs: number
  totalMs: number
  completeAttempts: number
}

interface RoundFigures {
  deployment: string
  round: number
  wallMs: number
  cpuMs: number
  load: number
  checkouts: CheckoutFigures[]
  /** Per cart: how many orders it has, and whether the one is the shopper's. */
  orders: { count: number; shoppers: boolean }[]
  calls: Counts
}

let redis: RedisDatabase | undefined
const deployments: Deployment[] = []

beforeAll(async () => {
  redis = await RedisDatabase.claim()
  const single = await SpawnedStore.prepare({ scheduledJobs: false, name: "one process", sandbox: SANDBOX })
  deployments.push({ name: "one process", store: single, servers: [single.main], processes: [single.main] })
  const split = await SpawnedStore.prepare({
    scheduledJobs: false,
    redisUrl: redis.url,
    workerMode: "server",
    name: "server A",
    sandbox: SANDBOX,
  })
  const serverB = await split.addInstance("server B", "server")
  const worker = await split.addInstance("worker", "worker")
  deployments.push({
    name: "two servers + worker",
    store: split,
    servers: [split.main, serverB],
    processes: [split.main, serverB, worker],
  })
  await Promise.all(deployments.flatMap(({ processes }) => processes.map((process) => process.start())))
  split.callbacks.balanceTo([split.main.url, serverB.url])
}, 600_000)

afterAll(async () => {
  await Promise.allSettled([...deployments.map(({ store }) => store.cleanUp()), redis?.release()])
}, 120_000)

let shoppers = 0

async function storePost<T>(server: MedusaInstance, deployment: Deployment, url: string, body: unknown) {
  try {
    return (await server.api.post<T>(url, body, { headers: deployment.store.checkout.headers })).data
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      throw new Error(`POST ${url} answered ${error.response.status}: ${JSON.stringify(error.response.data)}`)
    }
    throw error
  }
}

/** Resolves once a callback to this path that arrived after `from` (a log index) was answered 2xx. */
async function callbackAnswered(deployment: Deployment, path: string, from: number): Promise<void> {
  const log = deployment.store.callbacks.log
  for (;;) {
    for (let index = from; index < log.length; index++) {
      const entry = log[index]
      if (entry.path === path && entry.outcome === "answered" && (entry.upstreamStatus ?? 0) < 300) return
    }
    await sleep(25)
  }
}

async function shopperCompletes(server: MedusaInstance, deployment: Deployment, cartId: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await storePost<{ type: string; order?: { id: string } }>(
        server,
        deployment,
        `/store/carts/${cartId}/complete`,
        {}
      )
      if (result.type !== "order" || !result.order)
        throw new Error(`cart ${cartId}: ${JSON.stringify(result)}`)
      return { orderId: result.order.id, attempts: attempt }
    } catch (error) {
      const status = Number(/answered (\d{3})/.exec(String(error))?.[1] ?? 0)
      if (attempt >= COMPLETE_ATTEMPTS || (status > 0 && status < 409)) throw error
      await sleep(COMPLETE_RETRY_MS)
    }
  }
}

async function checkout(deployment: Deployment, index: number): Promise<CheckoutFigures> {
  const server = deployment.servers[index % deployment.servers.length]
  const { store } = deployment
  const begun = performance.now()
  const email = `topology-bench-${process.pid}-${++shoppers}@retail-financing.test`
  const cart = await createCheckoutCart(server.api, store.checkout, {
    items: [{ variantIndex: 0, quantity: 1 }],
    email,
  })
  const collection = await createPaymentCollection(server.api, store.checkout, cart.id)
  const sessionFrom = performance.now()
  const { payment_collection } = await storePost<{ payment_collection: HttpTypes.StorePaymentCollection }>(
    server,
    deployment,
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: RETAIL_FINANCING_PROVIDER_ID }
  )
  const sessionMs = performance.now() - sessionFrom
  const session = payment_collection.payment_sessions?.find(
    (candidate) => candidate.provider_id === RETAIL_FINANCING_PROVIDER_ID
  )
  const publicId = session?.data?.publicId
  if (typeof publicId !== "string") throw new Error(`cart ${cart.id}: no financing session with a publicId`)
  const { callbackUrl } = await sandboxApplication(store.sandbox, publicId)
  const hook = new URL(callbackUrl!).pathname

  // The shopper signs once the Approved callback was answered: a person reads the contract first.
  let from = store.callbacks.log.length
  await moveApplication(store.sandbox, publicId, "Approved")
  await callbackAnswered(deployment, hook, from)

  const signAt = performance.now()
  from = store.callbacks.log.length
  await moveApplication(store.sandbox, publicId, SIGNED)
  // The sandbox redirects the shopper to the return page as it sends the callback: both race.
  const shopper = shopperCompletes(server, deployment, cart.id).then((done) => ({
    ...done,
    at: performance.now(),
  }))
  const [{ orderId, attempts, at }] = await Promise.all([shopper, callbackAnswered(deployment, hook, from)])
  const signToOrderMs = at - signAt
  return {
    cartId: cart.id,
    publicId,
    orderId,
    sessionMs,
    signToOrderMs,
    totalMs: performance.now() - begun,
    completeAttempts: attempts,
  }
}

/** CPU time (user + system) of every process in the deployment's process groups so far, in ms. */
function cpuMsOf(deployment: Deployment): number {
  const groups = new Set(deployment.processes.map((process) => process.processGroup))
  let ticks = 0
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      // Fields 5 (process group), 14 (utime) and 15 (stime) of proc(5); fields[0] is field 3.
      if (groups.has(Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // Gone meanwhile.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}

async function round(deployment: Deployment, index: number, size: number): Promise<RoundFigures> {
  const { store } = deployment
  const serviceFrom = store.service.log.length
  const load = os.loadavg()[0]
  const cpuFrom = cpuMsOf(deployment)
  const begun = performance.now()
  const checkouts = await Promise.all(Array.from({ length: size }, (_, at) => checkout(deployment, at)))
  const wallMs = performance.now() - begun
  // What the round set off after the sale: each order's references reach the service (in the topology the
  // worker records them once it takes the order's event, so an action may not even exist yet).
  await eventually(
    async () => {
      const [{ sent }] = await store.sql<{ sent: string }>(
        `select count(*) as sent from retail_financing_action action
           join retail_financing_application application on application.id = action.application_id
          where application.public_id = any($1) and action.kind = 'order_references'
            and action.state = 'succeeded'`,
        [checkouts.map((done) => done.publicId)]
      )
      if (Number(sent) < checkouts.length) {
        throw new Error(
          `${deployment.name}: ${checkouts.length - Number(sent)} order references not sent yet`
        )
      }
    },
    120_000,
    250
  )
  const links = await store.sql<{ cart_id: string; order_id: string }>(
    `select cart_id, order_id from order_cart where cart_id = any($1) and deleted_at is null`,
    [checkouts.map((done) => done.cartId)]
  )
  const calls = noCalls()
  for (const entry of store.service.log.slice(serviceFrom)) calls[classify(entry.method, entry.path)] += 1
  return {
    deployment: deployment.name,
    round: index,
    wallMs,
    cpuMs: cpuMsOf(deployment) - cpuFrom,
    load,
    checkouts,
    orders: checkouts.map((done) => {
      const orders = links.filter((link) => link.cart_id === done.cartId)
      return { count: orders.length, shoppers: orders[0]?.order_id === done.orderId }
    }),
    calls,
  }
}

const ms = (value: number) => `${Math.round(value)}`
const seconds = (value: number) => (value / 1000).toFixed(1)
const median = (values: number[]) => percentile(values, 0.5)

function report(rounds: RoundFigures[], wallMs: number): void {
  const columns = deployments.map(({ name }) => name)
  const of = (name: string) => rounds.filter((figures) => figures.deployment === name)
  const checkoutsOf = (name: string) => of(name).flatMap((figures) => figures.checkouts)
  const perCheckout = (name: string, kind: keyof Counts) =>
    (of(name).reduce((sum, figures) => sum + figures.calls[kind], 0) / checkoutsOf(name).length).toFixed(2)
  const latency = (name: string, pick: (done: CheckoutFigures) => number) => {
    const values = checkoutsOf(name).map(pick)
    return `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))}`
  }
  const lines: string[][] = [
    [
      "orders: one per cart, the shopper's",
      ...columns.map((name) => {
        const orders = of(name).flatMap((figures) => figures.orders)
        return `${orders.filter((order) => order.count === 1 && order.shoppers).length}/${orders.length}`
      }),
    ],
    ...ENDPOINT_CLASSES.map((kind) => [
      `service calls per checkout: ${kind}`,
      ...columns.map((name) => perCheckout(name, kind)),
    ]),
    ["session start ms, p50 / p95", ...columns.map((name) => latency(name, (done) => done.sessionMs))],
    [
      "signed to shopper's order ms, p50 / p95",
      ...columns.map((name) => latency(name, (done) => done.signToOrderMs)),
    ],
    ["whole checkout ms, p50 / p95", ...columns.map((name) => latency(name, (done) => done.totalMs))],
    [
      "completes retried (409 or more)",
      ...columns.map((name) => `${checkoutsOf(name).filter((done) => done.completeAttempts > 1).length}`),
    ],
    [
      "round wall s, median",
      ...columns.map((name) => seconds(median(of(name).map((figures) => figures.wallMs)))),
    ],
    [
      "Medusa CPU s per round, median",
      ...columns.map((name) => seconds(median(of(name).map((figures) => figures.cpuMs)))),
    ],
    [
      "load average at round start, median",
      ...columns.map((name) => median(of(name).map((f) => f.load)).toFixed(1)),
    ],
  ]
  process.stdout.write(
    `\nFinancing checkouts, ${CONCURRENCY} at once, ${ROUNDS} rounds per deployment (ABBA), ` +
      `${os.cpus().length} CPUs, whole run ${seconds(wallMs)} s\n\n${table(["", ...columns], lines)}\n\n`
  )
  writeResults("checkout-topology", {
    concurrency: CONCURRENCY,
    roundsPerDeployment: ROUNDS,
    warmup: WARMUP,
    wallMs,
    rounds: rounds.map(({ checkouts, ...figures }) => ({
      ...figures,
      checkouts: checkouts.map(({ sessionMs, signToOrderMs, totalMs, completeAttempts }) => ({
        sessionMs,
        signToOrderMs,
        totalMs,
        completeAttempts,
      })),
    })),
  })
}

it(
  `checkout: rounds of ${CONCURRENCY} at once, one process against two servers and a worker`,
  async () => {
    for (const deployment of deployments) await round(deployment, -1, WARMUP)
    const started = performance.now()
    const rounds: RoundFigures[] = []
    for (let index = 0; index < ROUNDS; index++) {
      // ABBA: each deployment goes first every other round.
      const order = index % 2 === 0 ? deployments : [...deployments].reverse()
      for (const deployment of order) rounds.push(await round(deployment, index, CONCURRENCY))
    }
    report(rounds, performance.now() - started)
    for (const figures of rounds) {
      const wrong = figures.orders.filter((order) => order.count !== 1 || !order.shoppers)
      if (wrong.length > 0) {
        throw new Error(
          `${figures.deployment} round ${figures.round}: ${wrong.length} carts without exactly one order`
        )
      }
    }
  },
  (ROUNDS * 2 + 2) * 300_000
)
