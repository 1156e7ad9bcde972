import os from "node:os"

import { percentile, table, writeResults } from "./figures"
import type { HookCall } from "./hook-timer"
import type { MedusaTrace, RequestKind } from "./medusa-trace"
import { ENDPOINT_CLASSES, type EndpointClass, classify, statusReadPublicId } from "./service-calls"

/* The figures of bench/checkout-concurrent.bench.ts: what a round measured, and the printed report. */

export type Provider = "system" | "financing"

export interface Checkout {
  provider: Provider
  round: number
  cartId: string
  collectionId: string
  /** Financing only: the callback key and the application's public id. */
  key: string
  publicId: string
  orderId: string
  setupMs: number
  sessionMs: number
  /** Financing: Medusa's handling of the Approved callback (its 2xx delivery). */
  approvedCallbackMs: number
  /** The shopper's complete: all its tries, retry waits included. */
  completeMs: number
  completeAttempts: number
  /** Financing: from the request that signs at the sandbox until the shopper's complete answered. */
  signToOrderMs: number
  /** Financing: from signing until the shopper has the order and the signed callback was delivered. */
  completionMs: number
  /** performance.now() when the sign request was sent (reads before it belong to the Approved callback). */
  signAt: number
  /** Financing, filled in once the round's callbacks settled: the signed status's deliveries. */
  signed: SignedCallback
}

export interface SignedCallback {
  deliveries: number
  /** Medusa's handling of the first delivery, whether or not the sandbox waited for it. */
  firstMs: number
  firstAbandoned: boolean
  /** From the first delivery's arrival to the end of the answer the sandbox took (its retries included). */
  deliveredMs: number
}

export const NO_SIGNED_CALLBACK: SignedCallback = {
  deliveries: 0,
  firstMs: 0,
  firstAbandoned: false,
  deliveredMs: 0,
}

export interface RoundFigures {
  provider: Provider
  round: number
  load: number
  wallMs: number
  /** CPU time of this process (Medusa, the sandbox, the proxies and the bench's client) in the round. */
  cpuMs: number
  /** The round's start and end on the monotonic clock (µs), to cut a CPU profile by round. */
  clock: [number, number]
  /** Database queries Medusa made in the round, by the kind of request that made them. */
  queries: Record<RequestKind, number>
  checkouts: Checkout[]
  ordersPerCart: { count: number; matchesShopper: boolean }[]
  serviceCalls: { method: string; path: string; status: number }[]
  hookCalls: HookCall[]
}

export interface RunFigures {
  /** BENCH_CALLBACK_TIMEOUT_MS and BENCH_RETURN, when not their defaults. */
  settings: string
  concurrency: number
  roundsPerProvider: number
  warmup: number
  rounds: RoundFigures[]
  wallMs: number
  warmupFinancing: RoundFigures
  /** Tokens over the whole run, warm-up included (the proxy's log holds every call since the start). */
  tokensWholeRun: number
  trace: MedusaTrace
}

/** Reads the signed status's deliveries of one checkout from the callbacks the timing proxy saw. */
export function signedCallbackOf(checkout: Checkout, calls: HookCall[]): SignedCallback {
  // The proxy records a delivery when Medusa's answer ends: order them by arrival.
  const mine = calls
    .filter((call) => call.key === checkout.key && call.arrivedAt >= checkout.signAt)
    .sort((a, b) => a.arrivedAt - b.arrivedAt)
  const first = mine[0]
  const delivered = mine
    .filter((call) => call.status >= 200 && call.status < 300 && !call.abandoned)
    .sort((a, b) => a.answeredAt - b.answeredAt)[0]
  if (!first) return NO_SIGNED_CALLBACK
  return {
    deliveries: mine.length,
    firstMs: first.ms,
    firstAbandoned: first.abandoned,
    deliveredMs: delivered ? delivered.answeredAt - first.arrivedAt : Number.NaN,
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits)
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Where a status read came from: the request it ran for (which callback, by time) and the code path. */
function originOf(kind: RequestKind, caller: string, beforeSign: boolean): string {
  const request =
    kind === "callback"
      ? beforeSign
        ? "Approved callback"
        : "signed callback"
      : kind === "complete"
        ? "shopper's complete"
        : kind === "none"
          ? "no request (a job)"
          : `${kind} request`
  return `${request}: ${caller}`
}

export function report(run: RunFigures): void {
  const { rounds, trace } = run
  const of = (provider: Provider) => rounds.filter((r) => r.provider === provider)
  const checkoutsOf = (provider: Provider) => of(provider).flatMap((r) => r.checkouts)
  const system = checkoutsOf("system")
  const financed = checkoutsOf("financing")
  const financingRounds = of("financing")

  // Latency, by part.
  const p = (values: number[]) => [percentile(values, 0.5), percentile(values, 0.95)]
  type Part = { name: string; financing: (c: Checkout) => number; system?: (c: Checkout) => number }
  const parts: Part[] = [
    {
      name: "cart + collection (same work: the noise)",
      financing: (c) => c.setupMs,
      system: (c) => c.setupMs,
    },
    { name: "initiate session", financing: (c) => c.sessionMs, system: (c) => c.sessionMs },
    { name: "callback Approved (Medusa's answer)", financing: (c) => c.approvedCallbackMs },
    { name: "shopper's complete", financing: (c) => c.completeMs, system: (c) => c.completeMs },
    { name: "signed callback, 1st delivery (Medusa)", financing: (c) => c.signed.firstMs },
    { name: "signed callback, 1st arrival -> delivered", financing: (c) => c.signed.deliveredMs },
    {
      name: "shopper waits: session + complete",
      financing: (c) => c.sessionMs + c.completeMs,
      system: (c) => c.sessionMs + c.completeMs,
    },
    {
      name: "checkout: session + Approved cb + sign -> order & cb",
      financing: (c) => c.sessionMs + c.approvedCallbackMs + c.completionMs,
      system: (c) => c.sessionMs + c.completeMs,
    },
    {
      name: "whole checkout, cart included",
      financing: (c) => c.setupMs + c.sessionMs + c.approvedCallbackMs + c.completionMs,
      system: (c) => c.setupMs + c.sessionMs + c.completeMs,
    },
  ]
  const latency = parts.map((part) => {
    const f = p(financed.map(part.financing))
    const s = part.system ? p(system.map(part.system)) : undefined
    return { part: part.name, system: s, financing: f, ratio: s ? [f[0] / s[0], f[1] / s[1]] : undefined }
  })
  const timingLines = latency.map((row) => [
    row.part,
    ...(row.system ? row.system.map((v) => fixed(v, 0)) : ["-", "-"]),
    ...row.financing.map((v) => fixed(v, 0)),
    ...(row.ratio ? row.ratio.map((v) => `${fixed(v, 2)}x`) : ["-", "-"]),
  ])

  // Work per checkout: this process's CPU, and Medusa's database queries by request kind.
  const perCheckout = (provider: Provider, value: (r: RoundFigures) => number) =>
    sum(of(provider).map(value)) / checkoutsOf(provider).length
  const workRows: [string, (r: RoundFigures) => number][] = [
    ["CPU ms (this process)", (r) => r.cpuMs],
    ["DB queries, all", (r) => sum(Object.values(r.queries))],
    ...(["setup", "session", "callback", "complete", "none"] as const).map(
      (kind): [string, (r: RoundFigures) => number] => [
        `DB queries, ${kind === "none" ? "no request" : `${kind} requests`}`,
        (r) => r.queries[kind],
      ]
    ),
  ]
  const work = workRows.map(([name, value]) => {
    const s = perCheckout("system", value)
    const f = perCheckout("financing", value)
    return { name, system: s, financing: f }
  })
  const workLines = work.map((row) => [
    row.name,
    fixed(row.system, 0),
    fixed(row.financing, 0),
    row.system > 0 ? `${fixed(row.financing / row.system, 2)}x` : "-",
  ])

  // Service calls per financing checkout (the proxy in front of the sandbox).
  const statusReads = financingRounds.flatMap((r) => {
    const reads = new Map<string, number>()
    for (const call of r.serviceCalls) {
      const id = statusReadPublicId(call.method, call.path)
      if (id) reads.set(id, (reads.get(id) ?? 0) + 1)
    }
    return r.checkouts.map((c) => reads.get(c.publicId) ?? 0)
  })
  const count = (r: RoundFigures, kind: EndpointClass) =>
    r.serviceCalls.filter((call) => classify(call.method, call.path) === kind).length
  const goals: Record<EndpointClass, string> = {
    token: "1 per process",
    create: "1",
    status: "<= 2",
    list: "0",
    other: "-",
  }
  const calls = Object.fromEntries(
    ENDPOINT_CLASSES.map((kind) => [kind, sum(financingRounds.map((r) => count(r, kind)))])
  ) as Record<EndpointClass, number>
  const callLines = ENDPOINT_CLASSES.map((kind) => [
    kind,
    String(calls[kind]),
    fixed(calls[kind] / financed.length, 2),
    kind === "status" ? `${Math.min(...statusReads)}-${Math.max(...statusReads)}` : "",
    goals[kind],
  ])
  const systemCalls = sum(of("system").map((r) => r.serviceCalls.length))

  // Status reads by origin (the traced client).
  const byPublicId = new Map(financed.map((c) => [c.publicId, c]))
  const origins = new Map<string, number>()
  let tracedReads = 0
  for (const call of trace.clientCalls) {
    const checkout = call.publicId ? byPublicId.get(call.publicId) : undefined
    if (call.method !== "getApplicationStatus" || !checkout) continue
    tracedReads++
    const origin =
      originOf(call.request?.kind ?? "none", call.caller, call.startedAt < checkout.signAt) +
      (call.ok ? "" : " (failed)")
    origins.set(origin, (origins.get(origin) ?? 0) + 1)
  }
  const originLines = [...origins]
    .sort((a, b) => b[1] - a[1])
    .map(([origin, n]) => [origin, String(n), fixed(n / financed.length, 2)])

  // Callback deliveries: what Medusa answered, and whether the sandbox waited for the answer.
  const hookCalls = financingRounds.flatMap((r) => r.hookCalls)
  const answers = new Map<string, number>()
  for (const call of hookCalls) {
    const label =
      `${call.status || "no answer"}${call.action ? ` ${call.action}` : ""}` +
      (call.abandoned ? " after the sandbox gave up (timeout)" : "")
    answers.set(label, (answers.get(label) ?? 0) + 1)
  }
  const signedDeliveries = financed.map((c) => c.signed.deliveries)
  const firstAbandoned = financed.filter((c) => c.signed.firstAbandoned).length

  // Where the time goes: workflow steps by the request they ran for, per checkout (inclusive times).
  const stepLines = (provider: Provider, kind: RequestKind, top: number) => {
    const mine = new Set(checkoutsOf(provider).flatMap((c) => [c.key, c.cartId, c.collectionId]))
    const totals = new Map<string, { ms: number; n: number }>()
    for (const step of trace.steps) {
      const request = step.request
      if (step.type !== "invoke" || request?.kind !== kind || !mine.has(request.subject)) continue
      const name = `${step.workflow} > ${step.action}`
      const entry = totals.get(name) ?? { ms: 0, n: 0 }
      entry.ms += step.ms
      entry.n += 1
      totals.set(name, entry)
    }
    const n = checkoutsOf(provider).length
    // Medusa also traces the steps a `when` skips, in no time: they are left out.
    return [...totals]
      .filter(([, entry]) => entry.ms / n >= 1)
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, top)
      .map(([name, entry]) => [
        `${provider} ${kind}: ${name}`,
        fixed(entry.ms / n, 0),
        fixed(entry.n / n, 2),
        fixed(entry.ms / entry.n, 0),
      ])
  }

  const roundLines = rounds.map((r) => [
    `${r.provider} ${r.round}`,
    fixed(r.wallMs / 1000),
    fixed(r.load),
    fixed(r.cpuMs / 1000),
    `${r.ordersPerCart.filter((o) => o.count === 1 && o.matchesShopper).length}/${r.checkouts.length}`,
  ])

  const out = [
    `concurrent checkout bench: Node ${process.version}, ${os.cpus().length} CPU ` +
      `(${os.cpus()[0]?.model.trim()}); ${run.roundsPerProvider} rounds per provider of ${run.concurrency} ` +
      `checkouts at once (ABBA, after an untimed round of ${run.warmup} each) in ${fixed(run.wallMs / 1000)} s` +
      (run.settings ? `; ${run.settings}` : ""),
    "",
    table(["round", "wall s", "load avg", "CPU s", "carts with one order, the shopper's"], roundLines),
    "",
    table(
      ["latency (ms)", "system p50", "p95", "financing p50", "p95", "ratio p50", "ratio p95"],
      timingLines
    ),
    "",
    "ratio = financing / system. Financing: the shopper signs once the Approved callback was answered, and",
    "the return page's complete then races the signed callback. A callback's time is Medusa's, at a proxy",
    "in front of the hook route; 'delivered' is the first answer the sandbox waited for (it gives up after",
    "its timeout and sends the callback again). The first line is the same work for both: its ratio is the noise.",
    "",
    table(["work per checkout", "system", "financing", "ratio"], workLines),
    "",
    `financing service calls (the proxy's count), ${financed.length} financing checkouts:`,
    table(["endpoint", "calls", "per checkout", "min-max", "goal"], callLines),
    `tokens for the whole run, warm-up included (one process): ${run.tokensWholeRun}; ` +
      `service calls during system rounds: ${systemCalls}`,
    "",
    `status reads by origin (traced in the client, ${tracedReads} of the ${sum(statusReads)} counted):`,
    table(["origin: code path", "reads", "per checkout"], originLines),
    "",
    `callback deliveries: ${hookCalls.length} for ${financed.length} checkouts (2 each when none is sent ` +
      `again); signed status delivered ${Math.min(...signedDeliveries)}-${Math.max(...signedDeliveries)} ` +
      `times per checkout, its first delivery given up by the sandbox in ${firstAbandoned}`,
    table(
      ["Medusa's answer", "deliveries"],
      [...answers].sort((a, b) => b[1] - a[1]).map(([label, n]) => [label, String(n)])
    ),
    `shopper's complete: ${sum(financed.map((c) => c.completeAttempts))} tries for ${financed.length} checkouts`,
    "",
    "where the time goes: workflow steps by the request they ran for, per checkout, inclusive (a step that",
    "runs a workflow includes its steps; acquire-lock-step is a wait for a lock; runs include the ones a",
    "`when` skipped, in no time):",
    table(
      ["request: workflow > step", "ms per checkout", "runs per checkout", "ms per run"],
      [
        ...stepLines("financing", "callback", 10),
        ...stepLines("financing", "complete", 8),
        ...stepLines("system", "complete", 8),
        ...stepLines("financing", "session", 5),
        ...stepLines("system", "session", 4),
      ]
    ),
    `warm-up financing round (${run.warmup} at once, no token yet): ` +
      `${count(run.warmupFinancing, "token")} token request(s)`,
  ]
  process.stdout.write(`\n${out.join("\n")}\n\n`)

  writeResults("checkout-concurrent", {
    settings: run.settings,
    concurrency: run.concurrency,
    roundsPerProvider: run.roundsPerProvider,
    warmup: run.warmup,
    wallMs: run.wallMs,
    latency,
    work,
    serviceCalls: calls,
    statusReadsPerCheckout: statusReads,
    statusReadOrigins: Object.fromEntries(origins),
    callbackAnswers: Object.fromEntries(answers),
    tokensWholeRun: run.tokensWholeRun,
    rounds: rounds.map(({ serviceCalls: _calls, hookCalls: _hooks, ...r }) => r),
  })
}
