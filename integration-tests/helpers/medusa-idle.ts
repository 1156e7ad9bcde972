import http from "node:http"

import { LocalWorkflow } from "@medusajs/framework/orchestration"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/*
 * The runner restores the database before each test by dropping it and creating it again from a template.
 * Work of the test before that was still running then (a subscriber recording a post-sale action, a
 * callback's sync carried on after its answer, a job's run) lands in the next test: its rows are gone, so it
 * logs "not found" for an order that test never made, or it changes what that test counts. Medusa's own
 * waitWorkflowExecutions sees only the executions the workflow engine stores (async steps); a subscriber or
 * a route runs its workflows in memory. So the work is counted where it starts: every workflow run, every
 * subscriber handler, every HTTP request the process serves.
 */

type Counter = { running: number; names: Map<string, number> }

function counter(): Counter {
  return { running: 0, names: new Map() }
}

function track<T>(count: Counter, name: string, work: () => T): T {
  count.running += 1
  count.names.set(name, (count.names.get(name) ?? 0) + 1)
  const done = () => {
    count.running -= 1
    const left = (count.names.get(name) ?? 1) - 1
    if (left > 0) count.names.set(name, left)
    else count.names.delete(name)
  }
  let result: T
  try {
    result = work()
  } catch (error) {
    done()
    throw error
  }
  if (result instanceof Promise) {
    result.then(done, done)
  } else {
    done()
  }
  return result
}

/** Every LocalWorkflow entry point that runs steps (a run, a resumed async step, a cancel, a retry). */
const WORKFLOW_ENTRIES = ["run", "cancel", "retryStep", "registerStepSuccess", "registerStepFailure"] as const

const workflows = counter()
let workflowsCounted = false

/**
 * Counts every workflow run of this spec file's Medusa. LocalWorkflow is loaded once per spec file (jest's
 * module registry), so the patch is made once per file, before the app boots.
 */
function countWorkflows(): void {
  if (workflowsCounted) return
  workflowsCounted = true
  const prototype = LocalWorkflow.prototype as unknown as Record<string, unknown>
  for (const entry of WORKFLOW_ENTRIES) {
    const original = prototype[entry] as (...args: unknown[]) => Promise<unknown>
    prototype[entry] = function (this: { workflowId?: string }, ...args: unknown[]) {
      return track(workflows, `workflow ${this.workflowId ?? "?"}`, () => original.apply(this, args))
    }
  }
}

/*
 * Requests to Medusa (the server on PORT, which the financing environment picks) are counted on
 * http.Server, which is Node's own and shared by every spec file a jest worker runs: the count lives on
 * the prototype, and the patch is made once per process. The sandbox's and the fault proxies' servers are
 * left out: a fault test may hold a connection open on purpose.
 */
const REQUESTS = Symbol.for("retail-financing.integration.requests-in-flight")
type CountedServer = { [REQUESTS]?: Counter }

function countRequests(): Counter {
  const prototype = http.Server.prototype as unknown as CountedServer & { emit: http.Server["emit"] }
  const known = prototype[REQUESTS]
  if (known) return known
  const requests = counter()
  prototype[REQUESTS] = requests
  const emit = prototype.emit
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" && isMedusa(this)) {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse]
      const name = `request ${request.method} ${request.url?.split("?")[0]}`
      void track(
        requests,
        name,
        () => new Promise<void>((resolve) => response.once("close", () => resolve()))
      )
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args)
  } as http.Server["emit"]
  return requests
}

function isMedusa(server: http.Server): boolean {
  const address = server.address()
  return typeof address === "object" && address !== null && String(address.port) === process.env.PORT
}

const subscribers = counter()

interface LocalEventEmitter {
  eventNames(): (string | symbol)[]
  rawListeners(event: string | symbol): ((...args: unknown[]) => unknown)[]
  removeAllListeners(event: string | symbol): void
  on(event: string | symbol, listener: (...args: unknown[]) => unknown): unknown
}

/**
 * Counts the handlers of the local event bus (the integration app's): each subscriber the bus calls is
 * wrapped, so the count holds from the call until its promise settles. A bus without a local emitter (Redis)
 * is left alone; its jobs are its own to wait for.
 */
function countSubscribers(container: MedusaContainer): void {
  const bus = container.resolve(Modules.EVENT_BUS, { allowUnregistered: true }) as
    { eventEmitter_?: LocalEventEmitter } | undefined
  const emitter = bus?.eventEmitter_
  if (!emitter) return
  const wrap = (event: string | symbol, listener: (...args: unknown[]) => unknown) => {
    if ((listener as { counted?: boolean }).counted) return listener
    const counted = Object.assign(
      function (this: unknown, ...args: unknown[]) {
        return track(subscribers, `subscriber of ${String(event)}`, () => listener.apply(this, args))
      },
      listener,
      { counted: true }
    )
    return counted
  }
  for (const event of emitter.eventNames()) {
    const listeners = emitter.rawListeners(event)
    emitter.removeAllListeners(event)
    for (const listener of listeners) emitter.on(event, wrap(event, listener))
  }
  const on = emitter.on.bind(emitter)
  emitter.on = (event, listener) => on(event, wrap(event, listener))
}

/** What still runs: empty when Medusa is idle. */
async function stillRunning(container: MedusaContainer, requests: Counter): Promise<string[]> {
  const running = [workflows, subscribers, requests].flatMap((count) =>
    [...count.names].map(([name, times]) => (times > 1 ? `${name} (${times})` : name))
  )
  const engine = container.resolve(Modules.WORKFLOW_ENGINE, { allowUnregistered: true }) as
    { listWorkflowExecutions(filters: object): Promise<{ workflow_id: string }[]> } | undefined
  const stored = await engine?.listWorkflowExecutions({
    state: { $nin: ["not_started", "done", "reverted", "failed"] },
  })
  for (const execution of stored ?? []) running.push(`stored workflow execution ${execution.workflow_id}`)
  return running
}

export interface MedusaIdleness {
  /** Resolves once nothing runs; rejects naming what still runs after `timeoutMs`. */
  untilIdle: (timeoutMs?: number) => Promise<void>
}

/**
 * Starts counting Medusa's work. Call before the app boots (the workflow patch must be in place for the
 * first run) and hand `start` the container once it has booted (the subscribers exist by then).
 */
export function countMedusaWork(): MedusaIdleness & { start: (container: MedusaContainer) => void } {
  countWorkflows()
  const requests = countRequests()
  let container: MedusaContainer | undefined
  return {
    start: (booted) => {
      container = booted
      countSubscribers(booted)
    },
    untilIdle: async (timeoutMs = 90_000) => {
      if (!container) return
      const deadline = Date.now() + timeoutMs
      // Idle twice in a row, a timer apart: a workflow that ends releases its events in a microtask, and
      // the subscribers they start must be seen before Medusa is called idle.
      let idleChecks = 0
      for (;;) {
        const running = await stillRunning(container, requests)
        idleChecks = running.length === 0 ? idleChecks + 1 : 0
        if (idleChecks === 2) return
        if (Date.now() > deadline) {
          throw new Error(`Medusa was not idle after ${timeoutMs} ms: ${running.join(", ")} still running`)
        }
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
  }
}
