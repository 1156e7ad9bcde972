/*
 * Checkout with retail financing against Medusa's system provider (pp_system_default), in the same run,
 * as ratios, and the calls each financing checkout makes to the financing service.
 *
 *   npm run bench:checkout                      (BENCH_CHECKOUTS=15 checkouts per provider by default)
 *
 * Boots the integration app once (medusaIntegrationTestRunner, the sandbox as the service), seeds one
 * store, then runs the two providers' checkouts alternately (ABBA, so drift and bursts of load from
 * elsewhere on the machine hit both alike), after untimed warm-up checkouts of each.
 *
 *   system:    cart → payment collection → session → POST /store/carts/:id/complete
 *   financing: cart → payment collection → session → approved at the sandbox (a callback) → signed at the
 *              sandbox (SignedWaitingForInvoice; its callback completes the cart) →
 *              POST /store/carts/:id/complete, which must return the callback's order
 *
 * Timed: "initiate session" (POST /store/payment-collections/:id/payment-sessions), "complete"
 * (POST /store/carts/:id/complete) and, for financing, the callbacks: Medusa's handling of the service's
 * status callbacks, timed by a pass-through proxy in front of the hook route, from the request's arrival
 * to the end of Medusa's answer. The two moves are made one at a time, as a shopper makes them: moved
 * straight to SignedWaitingForInvoice, the sandbox would send both callbacks at once, and the first would
 * already find the contract signed. The service calls are counted by the proxy financingIntegrationSuite
 * puts between the plugin and the sandbox, by endpoint and by the phase they fell in, and the process's CPU
 * time by phase (one checkout runs at a time, so a phase's CPU is that phase's work, whatever the load).
 *
 * Prints figures and writes bench/results/checkout.json (git-ignored). It fails only when a checkout
 * does, never on a timing or a call count. The reconciliation job's schedule is stopped, so only the
 * checkouts themselves talk to the service.
 */
import os from "node:os"
import { performance } from "node:perf_hooks"

import {
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  eventually,
  financingIntegrationSuite,
  moveApplication,
  orderIdsOfCart,
  sandboxApplication,
} from "../integration-tests/helpers"
import { OPTION_DEFAULTS } from "../src/config/options"
import { percentile, positiveInteger, table, writeResults } from "./support/figures"
import { HookTimer, callbackKeyOf } from "./support/hook-timer"
import { type Counts, ENDPOINT_CLASSES, type EndpointClass, classify, noCalls } from "./support/service-calls"
import { cartWithCollection, completeCart, startPaymentSession } from "./support/store-checkout"

const CHECKOUTS = positiveInteger("BENCH_CHECKOUTS", 15)
/** Untimed checkouts of each provider before the timed ones: JIT, connection pools, the first token. */
const WARMUP = 2

/** "settle": a pause after the shopper's complete, where the work its order set off (subscribers) runs. */
const PHASES = ["setup", "session", "approved", "signed", "complete", "settle"] as const
type Phase = (typeof PHASES)[number]
const SETTLE_MS = 300

/** What one checkout measured in each phase: the service calls, and this process's CPU time (ms). */
interface Measures {
  calls: Record<Phase, Counts>
  cpu: Record<Phase, number>
}

interface Checkout {
  provider: "system" | "financing"
  /** Milliseconds; the callbacks are 0 for the system provider, which has none. */
  sessionMs: number
  /** Medusa's handling of the Approved callback, and of the signed one (which completes the cart). */
  approvedCallbackMs: number
  signedCallbackMs: number
  completeMs: number
  /** Financing only: from the request that signs at the sandbox until the sandbox saw its callback answered. */
  signToDeliveredMs: number
  /** Answers the hook route gave in this checkout (a callback the route refused is sent again). */
  callbackAnswers: number
  calls: Record<Phase, Counts>
  cpu: Record<Phase, number>
}

let hooks: HookTimer
afterAll(async () => {
  await hooks?.close()
})

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  // The store's own bound on a callback's answer, as a merchant runs it (the suite's is 60 s, for tests).
  callbackAnswerWithinMs: OPTION_DEFAULTS.callbackAnswerWithinMs,
  // The service's callbacks reach Medusa through the timing proxy: medusa-config.ts reads this at boot.
  beforeBoot: async (financing) => {
    hooks = await HookTimer.start(financing.backendUrl)
    process.env.RETAIL_FINANCING_BACKEND_URL = hooks.url
  },
  testSuite: ({ api, getContainer, financing, seed }) => {
    it(
      `checkout: ${CHECKOUTS} per provider, financing against the system provider`,
      async () => {
        const serviceLog = financing.serviceRequests.log
        const runStart = serviceLog.length

        /**
         * Runs one phase, timing it, counting the service calls answered while it ran and the CPU time this
         * process spent meanwhile (Medusa, the sandbox and the bench share it; one checkout runs at a time).
         */
        async function phase<T>(
          measures: Measures,
          name: Phase,
          work: () => Promise<T>
        ): Promise<{ result: T; ms: number }> {
          const from = serviceLog.length
          const cpuFrom = process.cpuUsage()
          const begun = performance.now()
          const result = await work()
          const ms = performance.now() - begun
          const cpu = process.cpuUsage(cpuFrom)
          measures.cpu[name] += (cpu.user + cpu.system) / 1000
          for (const entry of serviceLog.slice(from))
            measures.calls[name][classify(entry.method, entry.path)]++
          return { result, ms }
        }

        async function startCheckout(measures: Measures, providerId: string) {
          const { result: cart } = await phase(measures, "setup", () => cartWithCollection(api, seed))
          const { result: session, ms: sessionMs } = await phase(measures, "session", () =>
            startPaymentSession(api, seed, cart, providerId)
          )
          return { cartId: cart.cartId, session, sessionMs }
        }

        async function complete(measures: Measures, cartId: string) {
          const { result: orderId, ms } = await phase(measures, "complete", () =>
            completeCart(api, seed, cartId)
          )
          await phase(measures, "settle", () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)))
          return { orderId, completeMs: ms }
        }

        async function systemCheckout(): Promise<Checkout> {
          const measures = emptyMeasures()
          const { cartId, sessionMs } = await startCheckout(measures, SYSTEM_PAYMENT_PROVIDER_ID)
          const { completeMs } = await complete(measures, cartId)
          return {
            provider: "system",
            sessionMs,
            approvedCallbackMs: 0,
            signedCallbackMs: 0,
            completeMs,
            signToDeliveredMs: 0,
            callbackAnswers: 0,
            calls: measures.calls,
            cpu: measures.cpu,
          }
        }

        async function financingCheckout(): Promise<Checkout> {
          const measures = emptyMeasures()
          const { cartId, session, sessionMs } = await startCheckout(measures, RETAIL_FINANCING_PROVIDER_ID)
          const publicId = session.data?.publicId
          if (typeof publicId !== "string") throw new Error(`session ${session.id} holds no publicId`)

          // The callbacks' URLs carry the application's ledger id (older applications: the session id).
          const key = callbackKeyOf(session)
          const answersBefore = hooks.calls.length
          /** Moves the application at the sandbox; resolves once its callback was answered and delivered. */
          const move = async (status: string, callbacks: number) => {
            const answered = hooks.answered(key)
            // Awaited below; this only keeps a timeout after an earlier failure from going unhandled.
            answered.catch(() => undefined)
            await moveApplication(financing.sandbox, publicId, status)
            const hook = await answered
            // The sandbox marks a callback delivered once it has read the answer.
            await eventually(
              async () => {
                const application = await sandboxApplication(financing.sandbox, publicId)
                const delivered = application.callbacks.filter((callback) => callback.delivered).length
                if (delivered < callbacks) throw new Error(`${delivered} of ${callbacks} callbacks delivered`)
              },
              30_000,
              2
            )
            return hook
          }
          const { result: approved } = await phase(measures, "approved", () => move("Approved", 1))
          const { result: signed, ms: signToDeliveredMs } = await phase(measures, "signed", () =>
            move("SignedWaitingForInvoice", 2)
          )
          const orders = await orderIdsOfCart(getContainer(), cartId)
          if (orders.length !== 1) {
            throw new Error(`cart ${cartId}: ${orders.length} orders after the signed callback, not 1`)
          }

          const { orderId, completeMs } = await complete(measures, cartId)
          if (orderId !== orders[0]) {
            throw new Error(`cart ${cartId}: completion returned ${orderId}, the callback made ${orders[0]}`)
          }
          return {
            provider: "financing",
            sessionMs,
            approvedCallbackMs: approved.ms,
            signedCallbackMs: signed.ms,
            completeMs,
            signToDeliveredMs,
            callbackAnswers: hooks.calls.slice(answersBefore).filter((call) => call.key === key).length,
            calls: measures.calls,
            cpu: measures.cpu,
          }
        }

        for (let i = 0; i < WARMUP; i++) {
          await systemCheckout()
          await financingCheckout()
        }
        const warmupCalls = serviceLog.slice(runStart).length

        const loadBefore = os.loadavg()[0]
        const started = performance.now()
        const checkouts: Checkout[] = []
        for (let i = 0; i < CHECKOUTS; i++) {
          // ABBA: each provider goes first every other round.
          const order =
            i % 2 === 0 ? [systemCheckout, financingCheckout] : [financingCheckout, systemCheckout]
          for (const run of order) checkouts.push(await run())
        }
        const wallMs = performance.now() - started
        const loadAfter = os.loadavg()[0]

        report({
          checkouts,
          wallMs,
          load: [loadBefore, loadAfter],
          warmupCalls,
          runCalls: serviceLog.slice(runStart).map((entry) => classify(entry.method, entry.path)),
          beforeRunCalls: serviceLog.slice(0, runStart).map((entry) => classify(entry.method, entry.path)),
        })
      },
      // Booting and seeding are the runner's beforeAll; this covers the checkouts, warm-up included.
      60_000 + (CHECKOUTS + WARMUP) * 2 * 15_000
    )
  },
})

function emptyMeasures(): Measures {
  return {
    calls: Object.fromEntries(PHASES.map((name) => [name, noCalls()])) as Record<Phase, Counts>,
    cpu: Object.fromEntries(PHASES.map((name) => [name, 0])) as Record<Phase, number>,
  }
}

interface RunFigures {
  checkouts: Checkout[]
  wallMs: number
  load: [number, number]
  warmupCalls: number
  /** Every service call from the first warm-up checkout to the end, by endpoint class. */
  runCalls: EndpointClass[]
  /** Service calls before any checkout (boot and seed): expected none. */
  beforeRunCalls: EndpointClass[]
}

function report({ checkouts, wallMs, load, warmupCalls, runCalls, beforeRunCalls }: RunFigures): void {
  const system = checkouts.filter((checkout) => checkout.provider === "system")
  const financed = checkouts.filter((checkout) => checkout.provider === "financing")

  const stats = (values: number[]) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) })
  type Row = {
    phase: string
    system: { p50: number; p95: number } | null
    financing: { p50: number; p95: number }
  }
  const rows: Row[] = [
    {
      phase: "initiate session",
      system: stats(system.map((c) => c.sessionMs)),
      financing: stats(financed.map((c) => c.sessionMs)),
    },
    {
      phase: "callback: Approved",
      system: null,
      financing: stats(financed.map((c) => c.approvedCallbackMs)),
    },
    {
      phase: "callback: signed -> order",
      system: null,
      financing: stats(financed.map((c) => c.signedCallbackMs)),
    },
    {
      phase: "complete cart",
      system: stats(system.map((c) => c.completeMs)),
      financing: stats(financed.map((c) => c.completeMs)),
    },
    {
      phase: "callbacks + complete",
      system: stats(system.map((c) => c.completeMs)),
      financing: stats(financed.map((c) => c.approvedCallbackMs + c.signedCallbackMs + c.completeMs)),
    },
    {
      phase: "total",
      system: stats(system.map((c) => c.sessionMs + c.completeMs)),
      financing: stats(
        financed.map((c) => c.sessionMs + c.approvedCallbackMs + c.signedCallbackMs + c.completeMs)
      ),
    },
    {
      phase: "sign -> callback delivered (wall)",
      system: null,
      financing: stats(financed.map((c) => c.signToDeliveredMs)),
    },
  ]

  const ms = (value: number) => value.toFixed(1)
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`
  const timingLines = rows.map((row) => [
    row.phase,
    row.system ? ms(row.system.p50) : "-",
    row.system ? ms(row.system.p95) : "-",
    ms(row.financing.p50),
    ms(row.financing.p95),
    row.system ? ratio(row.financing.p50, row.system.p50) : "-",
    row.system ? ratio(row.financing.p95, row.system.p95) : "-",
  ])

  const mean = (select: (checkout: Checkout) => number) =>
    financed.reduce((sum, checkout) => sum + select(checkout), 0) / financed.length
  const range = (select: (checkout: Checkout) => number) => {
    const values = financed.map(select)
    return `${Math.min(...values)}-${Math.max(...values)}`
  }
  const perCheckout = (kind: EndpointClass, phases: readonly Phase[]) => (checkout: Checkout) =>
    phases.reduce((sum, name) => sum + checkout.calls[name][kind], 0)
  // Issue 12's rule: one create, at most one status read per callback the service sends (two here), one
  // token per process; "other" is the order references the post-sale subscriber sends.
  const goals: Record<EndpointClass, string> = {
    token: "0 (1 per process)",
    create: "1",
    status: "<= 2",
    list: "0",
    other: "1",
  }
  const callLines = ENDPOINT_CLASSES.map((kind) => [
    kind,
    ...PHASES.map((name) => mean(perCheckout(kind, [name])).toFixed(2)),
    mean(perCheckout(kind, PHASES)).toFixed(2),
    range(perCheckout(kind, PHASES)),
    goals[kind],
  ])
  const inPhase = (name: Phase) => (checkout: Checkout) =>
    ENDPOINT_CLASSES.reduce((sum, kind) => sum + checkout.calls[name][kind], 0)
  callLines.push([
    "all",
    ...PHASES.map((name) => mean(inPhase(name)).toFixed(2)),
    mean(totalCalls).toFixed(2),
    range(totalCalls),
    "<= 4",
  ])
  const meanCpu = (of: Checkout[], phases: readonly Phase[]) =>
    of.reduce((sum, checkout) => sum + phases.reduce((inner, name) => inner + checkout.cpu[name], 0), 0) /
    of.length
  const cpuLines = [
    ...(
      [
        ["system", system],
        ["financing", financed],
      ] as const
    ).map(([name, of]) => [
      name,
      ...PHASES.map((phase) => meanCpu(of, [phase]).toFixed(1)),
      meanCpu(of, PHASES).toFixed(1),
      name === "financing" ? `${(meanCpu(financed, PHASES) / meanCpu(system, PHASES)).toFixed(2)}x` : "",
    ]),
  ]
  const systemCalls = system.reduce((sum, checkout) => sum + totalCalls(checkout), 0)
  const tokens = [...beforeRunCalls, ...runCalls].filter((kind) => kind === "token").length
  const resentCallbacks = financed.reduce((sum, checkout) => sum + checkout.callbackAnswers - 2, 0)

  const out = [
    `checkout bench: Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), ` +
      `load average ${load[0].toFixed(1)} -> ${load[1].toFixed(1)}; ${CHECKOUTS} checkouts per provider ` +
      `(ABBA-alternated, after ${WARMUP} untimed each) in ${(wallMs / 1000).toFixed(1)} s`,
    "",
    table(
      ["phase (ms)", "system p50", "system p95", "financing p50", "financing p95", "ratio p50", "ratio p95"],
      timingLines
    ),
    "",
    "ratio = financing / system. A callback is Medusa handling one of the service's status callbacks, timed",
    "at a proxy in front of the hook route: Approved (re-read the status), then the signed contract (re-read,",
    "authorize, complete the cart). With financing the shopper's complete only returns the order the",
    "callback made, so 'callbacks + complete' is the like-for-like completion; 'total' adds the session.",
    "'sign -> callback delivered' adds the sandbox's dispatch and a 2 ms poll to the signed callback.",
    "",
    "CPU time of this process per checkout, by phase (ms, mean; Medusa, the sandbox and the bench share",
    "the process, one checkout at a time; 'settle' is a 300 ms pause after the complete, where the work the",
    "order set off runs):",
    table(["provider", ...PHASES, "all", "ratio"], cpuLines),
    "",
    `financing service calls per financing checkout (mean over ${financed.length}; by phase):`,
    table(["endpoint", ...PHASES, "per checkout", "min-max", "goal"], callLines),
    "",
    `service calls during system checkouts: ${systemCalls}; before the first checkout (boot, seed): ` +
      `${beforeRunCalls.length}; during the warm-up: ${warmupCalls}`,
    `tokens for the whole run (process): ${tokens} (goal 1); callbacks sent again after a refusal: ${resentCallbacks}`,
  ]
  process.stdout.write(`\n${out.join("\n")}\n\n`)

  writeResults("checkout", {
    load,
    checkoutsPerProvider: CHECKOUTS,
    warmupPerProvider: WARMUP,
    wallMs,
    cpuPerCheckout: {
      system: Object.fromEntries(PHASES.map((phase) => [phase, meanCpu(system, [phase])])),
      financing: Object.fromEntries(PHASES.map((phase) => [phase, meanCpu(financed, [phase])])),
    },
    phases: rows.map((row) => ({
      ...row,
      ratioP50: row.system ? row.financing.p50 / row.system.p50 : null,
      ratioP95: row.system ? row.financing.p95 / row.system.p95 : null,
    })),
    serviceCalls: {
      perFinancingCheckout: Object.fromEntries(
        ENDPOINT_CLASSES.map((kind) => [
          kind,
          {
            mean: mean(perCheckout(kind, PHASES)),
            byPhase: Object.fromEntries(PHASES.map((name) => [name, mean(perCheckout(kind, [name]))])),
          },
        ])
      ),
      duringSystemCheckouts: systemCalls,
      beforeFirstCheckout: beforeRunCalls.length,
      duringWarmup: warmupCalls,
      tokensWholeRun: tokens,
    },
    checkouts,
  })
}

function totalCalls(checkout: Checkout): number {
  return PHASES.reduce(
    (sum, name) => sum + ENDPOINT_CLASSES.reduce((inner, kind) => inner + checkout.calls[name][kind], 0),
    0
  )
}
