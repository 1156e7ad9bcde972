/*
 * Many checkouts at once: financing against Medusa's system provider (pp_system_default) in the same run,
 * the service calls each financing checkout makes, and where the time and the status reads go.
 *
 *   npm run bench:checkout:concurrent     (BENCH_CONCURRENCY=50 checkouts at once, BENCH_ROUNDS=2 rounds
 *                                          per provider, BENCH_WARMUP=5: one untimed round of each first)
 *
 * Two settings exist to find where the time goes, not to describe a store:
 *   BENCH_CALLBACK_TIMEOUT_MS=5000   how long the sandbox waits for Medusa's answer to a callback before it
 *                                    sends it again (its default and the demo's)
 *   BENCH_RETURN=race                the return page's complete as soon as the shopper signed (race), or
 *                                    only once the signed callback was answered (after-callback)
 *
 * Boots the integration app once (medusaIntegrationTestRunner; the sandbox as the service, with the
 * demo's callback settings: 5 s timeout, retried after 0.5 s, 1 s, ...), seeds one store, then runs rounds
 * of BENCH_CONCURRENCY checkouts of one provider at once, the providers alternating (ABBA: S F F S ...),
 * after an untimed warm-up round of each. A round ends when every checkout has its order and every
 * callback it caused has been delivered, so the calls a round causes are counted in that round.
 *
 *   system:    cart, collection, session, POST /store/carts/:id/complete
 *   financing: cart, collection, session, approved at the sandbox (its callback answered), signed at the
 *              sandbox, then at once the shopper's complete, as the return page does (tried 3 times, 1 s
 *              apart, when Medusa answers 409 or more), racing the signed callback; the checkout is done
 *              when the shopper has the order and the signed callback was answered.
 *
 * Counted per financing checkout: creates, status reads and tokens (the proxy in front of the sandbox),
 * and which code path made each status read in which request (a callback's sync, the provider's
 * authorizePayment in a callback or in the shopper's complete, a job): the financing client's methods are
 * wrapped and Medusa's requests tagged (bench/support/medusa-trace.ts). Workflow steps are timed through
 * Medusa's tracing hooks, so the report shows where a checkout's time goes. Orders are read back from the
 * database: one per checkout, none twice.
 *
 * Prints figures and writes bench/results/checkout-concurrent.json (git-ignored). It fails when a checkout
 * fails or the orders are not one per cart, never on a timing or a call count. The reconciliation job's
 * schedule is stopped, so only the checkouts talk to the service.
 */
import os from "node:os"
import { performance } from "node:perf_hooks"

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  RETAIL_FINANCING_PROVIDER_ID,
  SYSTEM_PAYMENT_PROVIDER_ID,
  callbacksSettled,
  financingIntegrationSuite,
  moveApplication,
  orderIdsOfCart,
} from "../integration-tests/helpers"
import { OPTION_DEFAULTS } from "../src/config/options"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../src/modules/retail-financing"
import {
  type Checkout,
  NO_SIGNED_CALLBACK,
  type Provider,
  type RoundFigures,
  report,
  signedCallbackOf,
} from "./support/concurrent-checkout-report"
import { positiveInteger } from "./support/figures"
import { HookTimer, callbackKeyOf } from "./support/hook-timer"
import { MedusaTrace, type RequestKind } from "./support/medusa-trace"
import { classify } from "./support/service-calls"
import { cartWithCollection, completeCart, startPaymentSession } from "./support/store-checkout"

const CONCURRENCY = positiveInteger("BENCH_CONCURRENCY", 50)
const ROUNDS = positiveInteger("BENCH_ROUNDS", 2)
const WARMUP = positiveInteger("BENCH_WARMUP", 5)
const CALLBACK_TIMEOUT_MS = positiveInteger("BENCH_CALLBACK_TIMEOUT_MS", 5_000)
const RETURN = process.env.BENCH_RETURN || "race"
if (RETURN !== "race" && RETURN !== "after-callback") {
  throw new Error("BENCH_RETURN must be race or after-callback")
}
/** The demo's storefront return page: three tries, a second apart, while Medusa answers 409 or more. */
const COMPLETE_ATTEMPTS = 3
const COMPLETE_RETRY_MS = 1_000
/** The client methods traced: every one a checkout may reach, and the token request behind them. */
const CLIENT_METHODS = [
  "requestToken",
  "createApplication",
  "getApplicationStatus",
  "listApplications",
  "addOrderReferences",
  "uploadInvoice",
  "addDeliveryInformation",
  "requestReturn",
] as const

let hooks: HookTimer
let trace: MedusaTrace
afterAll(async () => {
  trace?.uninstall()
  await hooks?.close()
})

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  // The store's own bound on a callback's answer, as a merchant runs it: the suite's 60 s (for tests that
  // wait on a callback's outcome) would hold each signed callback past the sandbox's 5 s, and measure resends.
  callbackAnswerWithinMs: OPTION_DEFAULTS.callbackAnswerWithinMs,
  // The demo's sandbox settings: the suite retries callbacks after 50 ms, the demo (and the default) 500 ms.
  sandbox: {
    callbackRetryDelayMs: 500,
    callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
    log: (line) => process.stderr.write(`sandbox: ${line}\n`),
  },
  beforeBoot: async (financing) => {
    // The service's callbacks reach Medusa through the timing proxy: medusa-config.ts reads this at boot.
    hooks = await HookTimer.start(financing.backendUrl)
    process.env.RETAIL_FINANCING_BACKEND_URL = hooks.url
    trace = MedusaTrace.install(Number(new URL(financing.backendUrl).port))
  },
  testSuite: ({ api, getContainer, financing, seed }) => {
    it(
      `checkout: rounds of ${CONCURRENCY} at once, financing against the system provider`,
      async () => {
        trace.traceClient(
          getContainer().resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getClient(),
          CLIENT_METHODS
        )
        trace.countQueries(getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION))
        const serviceLog = financing.serviceRequests.log

        async function systemCheckout(round: number): Promise<Checkout> {
          let begun = performance.now()
          const cart = await cartWithCollection(api, seed)
          const setupMs = performance.now() - begun
          begun = performance.now()
          await startPaymentSession(api, seed, cart, SYSTEM_PAYMENT_PROVIDER_ID)
          const sessionMs = performance.now() - begun
          const { orderId, ms: completeMs, attempts } = await shopperCompletes(cart.cartId)
          return {
            provider: "system",
            round,
            ...cart,
            key: "",
            publicId: "",
            orderId,
            setupMs,
            sessionMs,
            approvedCallbackMs: 0,
            completeMs,
            completeAttempts: attempts,
            signToOrderMs: 0,
            completionMs: completeMs,
            signAt: 0,
            signed: NO_SIGNED_CALLBACK,
          }
        }

        async function financingCheckout(round: number): Promise<Checkout> {
          let begun = performance.now()
          const cart = await cartWithCollection(api, seed)
          const setupMs = performance.now() - begun
          begun = performance.now()
          const session = await startPaymentSession(api, seed, cart, RETAIL_FINANCING_PROVIDER_ID)
          const sessionMs = performance.now() - begun
          const publicId = session.data?.publicId
          if (typeof publicId !== "string") throw new Error(`session ${session.id} holds no publicId`)
          const key = callbackKeyOf(session)

          // The shopper signs once the Approved callback was answered: a person reads the contract first.
          const approvedCallback = await move(key, publicId, "Approved").answered

          const signAt = performance.now()
          const signed = move(key, publicId, "SignedWaitingForInvoice")
          // The sandbox redirects the shopper to the return page as it sends the callback: both race.
          const shopper = (RETURN === "race" ? signed.moved : signed.answered).then(async () => ({
            ...(await shopperCompletes(cart.cartId)),
            at: performance.now(),
          }))
          const [{ orderId, ms: completeMs, attempts, at: orderAt }] = await Promise.all([
            shopper,
            signed.answered,
          ])
          const completionMs = performance.now() - signAt
          return {
            provider: "financing",
            round,
            ...cart,
            key,
            publicId,
            orderId,
            setupMs,
            sessionMs,
            approvedCallbackMs: approvedCallback.ms,
            completeMs,
            completeAttempts: attempts,
            signToOrderMs: orderAt - signAt,
            completionMs,
            signAt,
            // Read from every delivery the proxy saw, once the round's callbacks have settled.
            signed: NO_SIGNED_CALLBACK,
          }
        }

        /** Moves the application at the sandbox; `answered` resolves with Medusa's 2xx answer to its callback. */
        function move(key: string, publicId: string, status: string) {
          const answered = hooks.answered(key)
          // Awaited by the caller; this only keeps a timeout after an earlier failure from going unhandled.
          answered.catch(() => undefined)
          const moved = moveApplication(financing.sandbox, publicId, status)
          return { moved, answered: moved.then(() => answered) }
        }

        async function shopperCompletes(cartId: string) {
          const begun = performance.now()
          for (let attempt = 1; ; attempt++) {
            try {
              const orderId = await completeCart(api, seed, cartId)
              return { orderId, ms: performance.now() - begun, attempts: attempt }
            } catch (error) {
              const status = Number(/answered (\d{3})/.exec(String(error))?.[1] ?? 0)
              if (attempt >= COMPLETE_ATTEMPTS || (status > 0 && status < 409)) throw error
              await new Promise((resolve) => setTimeout(resolve, COMPLETE_RETRY_MS))
            }
          }
        }

        async function round(provider: Provider, index: number, size: number): Promise<RoundFigures> {
          const logFrom = serviceLog.length
          const hooksFrom = hooks.calls.length
          const load = os.loadavg()[0]
          const queriesFrom = { ...trace.queries }
          const cpuFrom = process.cpuUsage()
          const clockFrom = process.hrtime.bigint()
          const begun = performance.now()
          const run = provider === "system" ? systemCheckout : financingCheckout
          const checkouts = await Promise.all(Array.from({ length: size }, () => run(index)))
          const wallMs = performance.now() - begun
          // Every callback a checkout caused is delivered (or given up) before the next round starts.
          for (const checkout of checkouts.filter((c) => c.publicId)) {
            await callbacksSettled(financing.sandbox, checkout.publicId, 2, 120_000)
          }
          // ...and Medusa has finished what they set off (a sync still reading for a coalesced callback).
          await trace.idle()
          const cpu = process.cpuUsage(cpuFrom)
          // In microseconds of the monotonic clock, as a V8 CPU profile (--cpu-prof) stamps its samples.
          const clock: [number, number] = [Number(clockFrom / 1000n), Number(process.hrtime.bigint() / 1000n)]
          const queries = Object.fromEntries(
            Object.entries(trace.queries).map(([kind, n]) => [kind, n - queriesFrom[kind as RequestKind]])
          ) as Record<RequestKind, number>
          const hookCalls = hooks.calls.slice(hooksFrom)
          for (const checkout of checkouts) {
            if (checkout.key) checkout.signed = signedCallbackOf(checkout, hookCalls)
          }
          const orders = await Promise.all(checkouts.map((c) => orderIdsOfCart(getContainer(), c.cartId)))
          return {
            provider,
            round: index,
            load,
            wallMs,
            cpuMs: (cpu.user + cpu.system) / 1000,
            clock,
            queries,
            checkouts,
            ordersPerCart: orders.map((ids, i) => ({
              count: ids.length,
              matchesShopper: ids[0] === checkouts[i].orderId,
            })),
            serviceCalls: serviceLog.slice(logFrom),
            hookCalls,
          }
        }

        // Untimed: JIT, connection pools; the financing round's concurrent starts share one token request.
        trace.recording = false
        await round("system", -1, WARMUP)
        const warmupFinancing = await round("financing", -1, WARMUP)
        trace.recording = true

        const started = performance.now()
        const rounds: RoundFigures[] = []
        for (let i = 0; i < ROUNDS; i++) {
          // ABBA: each provider goes first every other round.
          const order: Provider[] = i % 2 === 0 ? ["system", "financing"] : ["financing", "system"]
          for (const provider of order) rounds.push(await round(provider, i, CONCURRENCY))
        }
        const wallMs = performance.now() - started

        report({
          settings: [
            CALLBACK_TIMEOUT_MS !== 5_000 ? `callback timeout ${CALLBACK_TIMEOUT_MS} ms` : "",
            RETURN !== "race" ? `return page ${RETURN}` : "",
          ]
            .filter(Boolean)
            .join(", "),
          concurrency: CONCURRENCY,
          roundsPerProvider: ROUNDS,
          warmup: WARMUP,
          rounds,
          wallMs,
          warmupFinancing,
          tokensWholeRun: serviceLog.filter((entry) => classify(entry.method, entry.path) === "token").length,
          trace,
        })

        for (const figures of rounds) {
          const wrong = figures.ordersPerCart.filter((orders) => orders.count !== 1 || !orders.matchesShopper)
          if (wrong.length > 0) {
            throw new Error(
              `${figures.provider} round ${figures.round}: ${wrong.length} carts without exactly one order ` +
                `(the shopper's): ${JSON.stringify(wrong)}`
            )
          }
        }
      },
      // Booting and seeding are the runner's beforeAll; a round of 50 takes about a minute on 2 loaded cores.
      120_000 + (ROUNDS * 2 + 2) * 300_000
    )
  },
})
