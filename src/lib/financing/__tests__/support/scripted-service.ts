import { once } from "node:events"
import { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse, createServer } from "node:http"
import { AddressInfo } from "node:net"

/**
 * A tiny programmable HTTP server on 127.0.0.1 for the client's tests: it records every request and answers
 * with whatever each test scripted for its route. It knows nothing of the financing service.
 */

export interface RecordedRequest {
  method: string
  /** The raw request target as it arrived (percent-encoding intact), query included. */
  url: string
  /** `url` without the query string. */
  path: string
  /** When the whole request had arrived (Date.now()). */
  receivedAt: number
  /** Header names in lower case, as node:http gives them. */
  headers: IncomingHttpHeaders
  body: Buffer
  /** The body as UTF-8 text. */
  text: string
  /** The body parsed as JSON; throws when it is not JSON. */
  json(): unknown
  /** The body parsed as application/x-www-form-urlencoded. */
  form(): URLSearchParams
  /** The body parsed as multipart/form-data (Node's own undici). */
  formData(): Promise<FormData>
}

export interface Reply {
  status?: number
  /** Serialised as the body, with Content-Type application/json unless `headers` says otherwise. */
  json?: unknown
  /** Sent as is, with Content-Type text/plain unless `headers` says otherwise. */
  text?: string
  headers?: Record<string, string>
  /** Wait this long before answering (or destroying). */
  delayMs?: number
  /** Close the socket without an answer. */
  destroy?: boolean
}

export type Responder = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>)

interface Route {
  method: string
  path: string | RegExp
  responders: Responder[]
  /** How many requests this route has answered. */
  served: number
}

export class ScriptedService {
  readonly requests: RecordedRequest[] = []
  private routes: Route[] = []
  private readonly timers = new Set<NodeJS.Timeout>()

  private readonly server: Server
  private port = 0

  private constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req, res)
    })
    // Tests close their servers; an idle keep-alive socket must not hold the port open meanwhile.
    this.server.keepAliveTimeout = 1_000
  }

  static async start(): Promise<ScriptedService> {
    const service = new ScriptedService()
    service.server.listen(0, "127.0.0.1")
    await once(service.server, "listening")
    service.port = (service.server.address() as AddressInfo).port
    return service
  }

  /** The base URL, `http://127.0.0.1:<port>`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /**
   * Scripts `method path`. Responders are used in order, one per request; the last one answers every
   * request after that. A later `on` for the same route replaces the earlier one. Unscripted routes
   * answer 404 `{ message: "no script for ..." }`.
   */
  on(method: string, path: string | RegExp, ...responders: Responder[]): this {
    if (responders.length === 0) throw new Error("on() needs at least one responder")
    this.routes = this.routes.filter(
      (route) => !(route.method === method && String(route.path) === String(path))
    )
    this.routes.push({ method, path, responders, served: 0 })
    return this
  }

  /** The recorded requests whose method and path match. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && matches(path, request.path))
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    await closed
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    try {
      await once(req, "end")
    } catch {
      return
    }
    const request = record(req, Buffer.concat(chunks))
    this.requests.push(request)

    const route = this.routes.find(
      (candidate) => candidate.method === req.method && matches(candidate.path, request.path)
    )
    let reply: Reply
    if (!route) {
      reply = { status: 404, json: { message: `no script for ${req.method} ${request.path}` } }
    } else {
      const responder = route.responders[Math.min(route.served, route.responders.length - 1)]
      route.served += 1
      try {
        reply = typeof responder === "function" ? await responder(request) : responder
      } catch (error) {
        reply = { status: 500, text: `scripted responder threw: ${String(error)}` }
      }
    }

    if (reply.delayMs) await this.sleep(reply.delayMs)
    // The client may have given up meanwhile (a timeout test); writing then must not throw.
    res.on("error", () => undefined)
    if (res.destroyed || req.socket.destroyed) return
    if (reply.destroy) {
      req.socket.destroy()
      return
    }
    const headers: Record<string, string> = {}
    let body: string | undefined
    if (reply.json !== undefined) {
      headers["content-type"] = "application/json; charset=utf-8"
      body = JSON.stringify(reply.json)
    } else if (reply.text !== undefined) {
      headers["content-type"] = "text/plain; charset=utf-8"
      body = reply.text
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name.toLowerCase()] = value
    res.writeHead(reply.status ?? 200, headers)
    res.end(body)
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.add(timer)
    })
  }
}

/** A loopback port with nothing listening on it: connecting is refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer()
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === "string" ? pattern === path : pattern.test(path)
}

function record(req: IncomingMessage, body: Buffer): RecordedRequest {
  const url = req.url ?? "/"
  const text = body.toString("utf8")
  const headers = req.headers
  return {
    method: req.method ?? "",
    url,
    receivedAt: Date.now(),
    path: url.split("?")[0],
    headers,
    body,
    text,
    json: () => JSON.parse(text) as unknown,
    form: () => new URLSearchParams(text),
    formData: () =>
      new Request("http://x", {
        method: "POST",
        headers: { "content-type": headers["content-type"] ?? "" },
        body,
      }).formData(),
  }
}
