import { AsyncLocalStorage } from "node:async_hooks"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { performance } from "node:perf_hooks"

import { TransactionOrchestrator } from "@medusajs/framework/orchestration"

/*
 * Where the time and the service calls of a request go, from inside the booted app, for benchmarks only.
 *
 * Each request Medusa's server receives runs in an AsyncLocalStorage context naming it, so whatever it
 * causes (its workflows and their steps, the financing client's calls, the subscribers it wakes) can be
 * traced back to it; work with no such context was started by no request (a job). Workflow steps are
 * timed through the hooks Medusa's own OpenTelemetry instrumentation uses
 * (TransactionOrchestrator.traceStep and traceTransaction); the financing client's calls by wrapping the
 * methods of the process's one shared client, each with the code path that made it, read off the stack.
 */

/** What kind of request a traced piece of work belongs to, from its method and path. */
export type RequestKind = "callback" | "session" | "complete" | "setup" | "other" | "none"

export interface RequestTag {
  id: number
  kind: RequestKind
  /** The callback key, cart id or payment collection id the path names (for "callback", "complete", "session"). */
  subject: string
  method: string
  path: string
}

export interface StepTiming {
  request: RequestTag | undefined
  /** The workflow, from the step's idempotency key (`<workflow>:<transaction>:<step>:<type>`). */
  workflow: string
  action: string
  type: string
  ms: number
}

export interface WorkflowTiming {
  request: RequestTag | undefined
  workflow: string
  ms: number
}

/**
 * Which code path made a financing client call, read off its stack: the payment provider's method Medusa
 * called ("provider authorizePayment"), else the first file of the plugin's own code outside the client
 * and the shared config ("workflows/steps/read-financing-session.ts").
 */
export type CallerPath = string

export interface ClientCall {
  request: RequestTag | undefined
  method: string
  caller: CallerPath
  /** The application the call was about, when its first argument is a public id. */
  publicId: string | undefined
  startedAt: number
  ms: number
  ok: boolean
}

const PROVIDER_METHOD = /RetailFinancingProviderService\.(\w+Payment) \(/
const PLUGIN_FILE = /\/src\/((?!lib\/financing\/|config\/)[\w./[\]-]+\.ts):\d+/

function kindOf(method: string, path: string): { kind: RequestKind; subject: string } {
  let match = /^\/hooks\/retail-financing\/([^/]+)\//.exec(path)
  if (match) return { kind: "callback", subject: match[1] }
  match = /^\/store\/carts\/([^/]+)\/complete$/.exec(path)
  if (method === "POST" && match) return { kind: "complete", subject: match[1] }
  match = /^\/store\/payment-collections\/([^/]+)\/payment-sessions$/.exec(path)
  if (method === "POST" && match) return { kind: "session", subject: match[1] }
  if (/^\/store\/(carts|payment-collections)/.test(path)) return { kind: "setup", subject: "" }
  return { kind: "other", subject: "" }
}

export class MedusaTrace {
  readonly steps: StepTiming[] = []
  readonly workflows: WorkflowTiming[] = []
  readonly clientCalls: ClientCall[] = []
  /** Set false to stop recording (warm-up), true to record again. */
  recording = true
  /** Requests Medusa's server is still answering (a callback the sandbox gave up on included). */
  inFlight = 0
  /** Counts every traced event, recorded or not: idle() watches it. */
  private ticks = 0

  private readonly context = new AsyncLocalStorage<RequestTag>()
  private nextId = 1
  private readonly restore: (() => void)[] = []

  /**
   * Tags the requests of the server listening on `port` (Medusa's) and times workflow steps. Call before
   * Medusa boots; `uninstall` puts everything back.
   */
  static install(port: number): MedusaTrace {
    const trace = new MedusaTrace()
    trace.tagRequests(port)
    trace.timeWorkflows()
    return trace
  }

  /** The request the calling code runs for, if any. */
  current(): RequestTag | undefined {
    return this.context.getStore()
  }

  /**
   * Wraps these methods of this client object (the process's shared financing client) on the object
   * itself, so its own calls (`this.requestToken()`) are traced too.
   */
  traceClient(client: object, methods: readonly string[]): void {
    const prototype = Object.getPrototypeOf(client) as Record<string, unknown>
    const target = client as Record<string, unknown>
    for (const name of methods) {
      const original = prototype[name]
      if (typeof original !== "function") throw new Error(`the financing client has no method ${name}`)
      // The client's methods are only ever called on the client itself, so `this` is `target`.
      target[name] = (...args: unknown[]) => {
        const caller = callerOf()
        const startedAt = performance.now()
        const request = this.current()
        const done = (ok: boolean) => {
          this.ticks += 1
          if (!this.recording) return
          this.clientCalls.push({
            request,
            method: name,
            caller,
            publicId: typeof args[0] === "string" ? args[0] : undefined,
            startedAt,
            ms: performance.now() - startedAt,
            ok,
          })
        }
        const result = (original as (...a: unknown[]) => unknown).apply(target, args)
        if (result instanceof Promise) {
          return result.then(
            (value: unknown) => {
              done(true)
              return value
            },
            (error: unknown) => {
              done(false)
              throw error
            }
          )
        }
        done(true)
        return result
      }
      this.restore.push(() => delete target[name])
    }
  }

  /** Database queries by the kind of request that made them (knex's `query` event); "none": no request. */
  readonly queries: Record<RequestKind, number> = {
    callback: 0,
    session: 0,
    complete: 0,
    setup: 0,
    other: 0,
    none: 0,
  }

  /** Counts the queries of this knex instance (Medusa's shared connection) by request. */
  countQueries(knex: { on: (event: "query", listener: () => void) => unknown }): void {
    const listener = () => {
      this.ticks += 1
      if (!this.recording) return
      this.queries[this.current()?.kind ?? "none"] += 1
    }
    knex.on("query", listener)
    const emitter = knex as unknown as { removeListener?: (event: string, listener: () => void) => void }
    this.restore.push(() => emitter.removeListener?.("query", listener))
  }

  /**
   * Resolves once Medusa is idle: no request in flight and nothing traced (a query, a step, a client call)
   * for `quietMs`, so that work a round set off (a coalesced callback's later pass, a subscriber) is
   * counted in that round. Gives up after `timeoutMs`.
   */
  async idle(quietMs = 1_000, timeoutMs = 120_000): Promise<void> {
    const activity = () => `${this.inFlight}:${this.ticks}`
    const deadline = Date.now() + timeoutMs
    let last = activity()
    let quietSince = Date.now()
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const now = activity()
      if (now !== last || this.inFlight > 0) {
        last = now
        quietSince = Date.now()
      } else if (Date.now() - quietSince >= quietMs) {
        return
      }
    }
    throw new Error(`Medusa was not idle within ${timeoutMs} ms (${this.inFlight} requests in flight)`)
  }

  uninstall(): void {
    for (const undo of this.restore.splice(0).reverse()) undo()
  }

  private tagRequests(port: number): void {
    const emit = http.Server.prototype.emit as (
      this: http.Server,
      event: string | symbol,
      ...args: unknown[]
    ) => boolean
    const tagOf = (req: http.IncomingMessage): RequestTag => {
      const method = req.method ?? ""
      const path = (req.url ?? "/").split("?")[0]
      return { id: this.nextId++, method, path, ...kindOf(method, path) }
    }
    const context = this.context
    const track = (res: http.ServerResponse) => {
      this.inFlight += 1
      res.once("close", () => {
        this.inFlight -= 1
      })
    }
    http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request" && (this.address() as AddressInfo | null)?.port === port) {
        track(args[1] as http.ServerResponse)
        return context.run(tagOf(args[0] as http.IncomingMessage), () => emit.call(this, event, ...args))
      }
      return emit.call(this, event, ...args)
    } as typeof http.Server.prototype.emit
    this.restore.push(() => {
      http.Server.prototype.emit = emit
    })
  }

  private timeWorkflows(): void {
    const previous = {
      step: TransactionOrchestrator.traceStep,
      transaction: TransactionOrchestrator.traceTransaction,
    }
    if (previous.step || previous.transaction) {
      throw new Error(
        "workflows are already traced (OpenTelemetry instrumentation?): the bench would replace it"
      )
    }
    TransactionOrchestrator.traceStep = async (handler, metadata) => {
      const request = this.current()
      const begun = performance.now()
      try {
        return await handler()
      } finally {
        this.ticks += 1
        if (this.recording) {
          this.steps.push({
            request,
            workflow: String(metadata.idempotency_key ?? "").split(":")[0] ?? "",
            action: metadata.action,
            type: metadata.type,
            ms: performance.now() - begun,
          })
        }
      }
    }
    TransactionOrchestrator.traceTransaction = async (resume, metadata) => {
      const request = this.current()
      const begun = performance.now()
      try {
        return await resume()
      } finally {
        if (this.recording) {
          this.workflows.push({ request, workflow: metadata.model_id, ms: performance.now() - begun })
        }
      }
    }
    this.restore.push(() => {
      TransactionOrchestrator.traceStep = undefined
      TransactionOrchestrator.traceTransaction = undefined
    })
  }
}

function callerOf(): CallerPath {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 60
  const stack = new Error().stack ?? ""
  Error.stackTraceLimit = limit
  const provider = PROVIDER_METHOD.exec(stack)
  if (provider) return `provider ${provider[1]}`
  return PLUGIN_FILE.exec(stack)?.[1] ?? "other"
}
