import { once } from "node:events"
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as forwardRequest,
} from "node:http"
import type { AddressInfo, Socket } from "node:net"

/*
 * A small HTTP proxy between the plugin and the financing service (the sandbox), or between the service's
 * callbacks and Medusa, that misbehaves on demand as the network between a store and its lender does
 * (CONTRIBUTING.md, "Fault tests"). Per request matcher it can:
 *   - drop: forward, let the service act and answer, then reset the plugin's connection (a lost answer);
 *   - hold: keep the service's answer (or the request, before the service sees it) for N ms or until
 *     released: a slow service, or a process frozen at a known point so that a test can kill it there;
 *   - refuse: answer 503, or reset the connection, without forwarding (the service never sees it).
 * Requests no rule matches are forwarded untouched. Every request is logged with what was done to it.
 */

export interface ProxiedRequest {
  method: string
  /** The path without its query string. */
  path: string
}

export type RequestMatcher =
  { method?: string; path?: string | RegExp } | ((request: ProxiedRequest) => boolean)

export type Fault =
  /** Forward, read the whole answer, then reset the client's connection: the service acted, the answer is lost. */
  | { drop: true }
  /**
   * Forward and hold the answer (`phase: "answer"`, the default), or hold the request before forwarding it
   * (`phase: "request"`: the service has not seen it yet), for `ms`, or until the rule is released.
   */
  | { hold: number | "until-released"; phase?: "answer" | "request" }
  /** Never forwarded: answered 503, or the connection reset without an answer. */
  | { refuse: 503 | "reset" }

export interface FaultRuleInput {
  match: RequestMatcher
  fault: Fault
  /** How many matching requests the rule applies to; every one while the rule is in place when left out. */
  times?: number
}

/** What became of a request: answered (with the status the client got), dropped, refused, or gone. */
export type ProxyOutcome = "answered" | "dropped" | "refused" | "client-gone" | "upstream-failed"

export interface ProxyLogEntry extends ProxiedRequest {
  /** The kind of fault applied, or "forward". */
  fault: "forward" | "drop" | "hold" | "refuse"
  /** The status the service answered with, when it was asked. */
  upstreamStatus: number | null
  outcome: ProxyOutcome | "pending"
  /** When the proxy received it (Date.now()): a test can tell which requests came together. */
  at: number
}

function matches(matcher: RequestMatcher, request: ProxiedRequest): boolean {
  if (typeof matcher === "function") return matcher(request)
  if (matcher.method && matcher.method.toUpperCase() !== request.method) return false
  if (matcher.path === undefined) return true
  return typeof matcher.path === "string" ? matcher.path === request.path : matcher.path.test(request.path)
}

/** One rule in place on the proxy; `hit()` resolves when a request reached the rule's fault. */
export class FaultRule {
  /** Requests the rule has applied to so far. */
  hits = 0
  private waiters: { count: number; resolve: (request: ProxiedRequest) => void }[] = []
  private releasers = new Set<() => void>()
  private released = false

  constructor(
    readonly input: FaultRuleInput,
    private readonly detach: (rule: FaultRule) => void
  ) {}

  /** Whether the rule takes this request (and counts it), given how many it may still take. */
  take(request: ProxiedRequest): boolean {
    if (this.input.times !== undefined && this.hits >= this.input.times) return false
    if (!matches(this.input.match, request)) return false
    this.hits += 1
    return true
  }

  /**
   * Resolves once the rule's `count`-th request (1: the first) has reached its fault: for a hold, once the
   * request or the answer is being held, so that the process waiting on it is known to be there.
   */
  hit(count = 1): Promise<ProxiedRequest> {
    return new Promise((resolve) => this.waiters.push({ count, resolve }))
  }

  /** Called by the proxy when a request reached this rule's fault. */
  reached(request: ProxiedRequest, ordinal: number): void {
    const ready = this.waiters.filter((waiter) => waiter.count <= ordinal)
    this.waiters = this.waiters.filter((waiter) => waiter.count > ordinal)
    for (const waiter of ready) waiter.resolve(request)
  }

  /** Waits `ms`, or until release() (or the proxy closes) for "until-released". */
  wait(hold: number | "until-released"): Promise<void> {
    if (this.released) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.releasers.delete(done)
        resolve()
      }
      const timer = hold === "until-released" ? undefined : setTimeout(done, hold)
      this.releasers.add(done)
    })
  }

  /** Lets every held request or answer of this rule go on, now and from now on. */
  release(): void {
    this.released = true
    for (const done of [...this.releasers]) done()
  }

  /** Takes the rule off the proxy and releases what it holds. */
  remove(): void {
    this.detach(this)
    this.release()
  }
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A TCP reset where the platform has one (Node 18.3+), so the client sees ECONNRESET, not a clean close. */
function reset(socket: Socket): void {
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy()
  else socket.destroy()
}

export class FaultProxy {
  readonly log: ProxyLogEntry[] = []
  private rules: FaultRule[] = []
  private readonly sockets = new Set<Socket>()
  /** Where requests are forwarded, in turn (one target unless balanceTo gave several). */
  private targets: URL[]
  private turn = 0

  private constructor(
    private readonly server: Server,
    readonly url: string,
    target: URL
  ) {
    this.targets = [target]
  }

  /** Starts a proxy on loopback that forwards to `target` (a base URL). */
  static async start(target: string, port = 0): Promise<FaultProxy> {
    const server = createServer()
    server.listen(port, "127.0.0.1")
    await once(server, "listening")
    const proxy = new FaultProxy(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      new URL(target)
    )
    server.on("connection", (socket: Socket) => {
      proxy.sockets.add(socket)
      socket.once("close", () => proxy.sockets.delete(socket))
    })
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      void proxy.handle(req, res).catch(() => reset(req.socket))
    })
    return proxy
  }

  /** Puts a rule in place; the first rule (oldest first) that takes a request decides its fault. */
  add(input: FaultRuleInput): FaultRule {
    const rule = new FaultRule(input, (gone) => (this.rules = this.rules.filter((r) => r !== gone)))
    this.rules.push(rule)
    return rule
  }

  /** Forwards each request to the next of these base URLs in turn, as a round-robin load balancer would. */
  balanceTo(targets: string[]): void {
    if (targets.length === 0) throw new Error("balanceTo needs at least one target")
    this.targets = targets.map((target) => new URL(target))
  }

  /** Removes every rule and releases what they hold. */
  clear(): void {
    for (const rule of [...this.rules]) rule.remove()
  }

  /** How many logged requests match (whatever became of them). */
  count(matcher: RequestMatcher): number {
    return this.log.filter((entry) => matches(matcher, entry)).length
  }

  /** How many matching requests reached the target and were answered by it (dropped answers included). */
  countForwarded(matcher: RequestMatcher): number {
    return this.log.filter((entry) => entry.upstreamStatus !== null && matches(matcher, entry)).length
  }

  async close(): Promise<void> {
    this.clear()
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const socket of this.sockets) socket.destroy()
    await closed
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request: ProxiedRequest = { method: req.method ?? "GET", path: (req.url ?? "/").split("?")[0] }
    const body = await readAll(req)
    const rule = this.rules.find((candidate) => candidate.take(request))
    const fault = rule?.input.fault
    const entry: ProxyLogEntry = {
      ...request,
      fault: !fault ? "forward" : "drop" in fault ? "drop" : "hold" in fault ? "hold" : "refuse",
      upstreamStatus: null,
      outcome: "pending",
      at: Date.now(),
    }
    this.log.push(entry)
    const reached = () => rule?.reached(request, rule.hits)

    if (fault && "refuse" in fault) {
      entry.outcome = "refused"
      reached()
      if (fault.refuse === "reset") reset(req.socket)
      else res.writeHead(503, { "Content-Type": "text/plain" }).end("refused by the fault proxy")
      return
    }
    if (fault && "hold" in fault && fault.phase === "request") {
      reached()
      await rule!.wait(fault.hold)
      if (req.socket.destroyed) {
        entry.outcome = "client-gone"
        return
      }
    }

    let answer: { status: number; headers: IncomingHttpHeaders; body: Buffer }
    try {
      answer = await this.forward(req, body)
    } catch {
      entry.outcome = "upstream-failed"
      reset(req.socket)
      return
    }
    entry.upstreamStatus = answer.status

    if (fault && "drop" in fault) {
      entry.outcome = "dropped"
      reached()
      reset(req.socket)
      return
    }
    if (fault && "hold" in fault && fault.phase !== "request") {
      reached()
      await rule!.wait(fault.hold)
    }
    if (req.socket.destroyed) {
      entry.outcome = "client-gone"
      return
    }
    entry.outcome = "answered"
    res.writeHead(answer.status, answer.headers).end(answer.body)
  }

  /** Sends the request on to the target and reads the whole answer (so a drop happens after the service acted). */
  private forward(
    req: IncomingMessage,
    body: Buffer
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const target = this.targets[this.turn++ % this.targets.length]
    return new Promise((resolve, reject) => {
      const upstream = forwardRequest(
        new URL(req.url ?? "/", target),
        {
          method: req.method,
          headers: { ...req.headers, host: target.host },
          // One connection per request: a held or dropped exchange never blocks or poisons another.
          agent: false,
        },
        (answer) => {
          readAll(answer).then((content) => {
            // The body is sent whole, so its original framing no longer applies.
            const headers = { ...answer.headers }
            delete headers["transfer-encoding"]
            headers["content-length"] = String(content.byteLength)
            resolve({ status: answer.statusCode ?? 502, headers, body: content })
          }, reject)
        }
      )
      upstream.once("error", reject)
      upstream.end(body)
    })
  }
}
