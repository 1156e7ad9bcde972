import { once } from "node:events"
import {
  IncomingHttpHeaders,
  IncomingMessage,
  Server,
  ServerResponse,
  createServer,
  request,
} from "node:http"
import { AddressInfo } from "node:net"

/** One request a local server received. */
export interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  text: string
  receivedAt: number
}

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function shut(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await closed
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A callback receiver on loopback: records every POST and answers with `answer(request, index)`, the
 * status code; `index` counts the earlier requests carrying the same body.
 */
export class CallbackReceiver {
  readonly received: Received[] = []
  answer: (request: Received, sameBodyBefore: number) => number = () => 200
  private constructor(
    private readonly server: Server,
    readonly url: string
  ) {}

  static async start(): Promise<CallbackReceiver> {
    const server = createServer()
    const receiver = new CallbackReceiver(server, await listen(server))
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then((body) => {
        const received: Received = {
          method: req.method ?? "",
          url: req.url ?? "/",
          headers: req.headers,
          text: body.toString("utf8"),
          receivedAt: Date.now(),
        }
        const before = receiver.received.filter((earlier) => earlier.text === received.text).length
        receiver.received.push(received)
        res.writeHead(receiver.answer(received, before), { "content-type": "text/plain" })
        res.end("ok")
      })
    })
    return receiver
  }

  /** The parsed bodies of the requests whose path starts with `path`. */
  bodiesAt(path: string): Record<string, unknown>[] {
    return this.received
      .filter((request) => request.url.startsWith(path))
      .map((request) => JSON.parse(request.text) as Record<string, unknown>)
  }

  close(): Promise<void> {
    return shut(this.server)
  }
}

/** A forwarding proxy that records what passed through it (method, path and the answer's status). */
export class CountingProxy {
  readonly log: { method: string; path: string; status: number }[] = []
  /** Who made each logged request: the store of its bearer token, or the username of a token request. */
  private readonly callers = new WeakMap<object, string>()
  /** Requests this matches are answered 503 without reaching the target: one endpoint of the service down. */
  outage: ((method: string, path: string) => boolean) | null = null
  private constructor(
    private readonly server: Server,
    readonly url: string
  ) {}

  static async start(target: string): Promise<CountingProxy> {
    const server = createServer()
    const proxy = new CountingProxy(server, await listen(server))
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then((body) => {
        const path = (req.url ?? "/").split("?")[0]
        if (proxy.outage?.(req.method ?? "", path)) {
          proxy.log.push({ method: req.method ?? "", path, status: 503 })
          res.writeHead(503, { "Content-Type": "text/plain" }).end("outage")
          return
        }
        const upstream = request(
          new URL(req.url ?? "/", target),
          { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
          (answer) => {
            const entry = { method: req.method ?? "", path, status: answer.statusCode ?? 0 }
            proxy.log.push(entry)
            const caller = callerOf(req.headers.authorization, path, body)
            if (caller) proxy.callers.set(entry, caller)
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          }
        )
        upstream.on("error", () => res.destroy())
        upstream.end(body)
      })
    })
    return proxy
  }

  /**
   * The store whose token a logged request carried (the `sub` of the sandbox's JWT), or `user:<username>`
   * for a token request; undefined when it carried neither.
   */
  callerOf(entry: CountingProxy["log"][number]): string | undefined {
    return this.callers.get(entry)
  }

  count(method: string, path: string | RegExp): number {
    return this.log.filter(
      (entry) =>
        entry.method === method && (typeof path === "string" ? entry.path === path : path.test(entry.path))
    ).length
  }

  close(): Promise<void> {
    return shut(this.server)
  }
}

/**
 * A request through node:http that resolves with the answer even when the server answers before it has
 * read the whole body and then closes the connection (how a size limit is usually enforced).
 */
export function sendLarge(
  base: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: "POST", headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
      res.on("error", reject)
    })
    // EPIPE / ECONNRESET while still writing are expected once the server refused the body; the answer
    // may still be on its way, so give it a moment before calling this a failure.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error)
      else setTimeout(() => reject(error), 1_000).unref()
    })
    req.end(body)
  })
}

function callerOf(authorization: string | undefined, path: string, body: Buffer): string | undefined {
  if (path === "/v2/token") {
    const username = new URLSearchParams(body.toString("utf8")).get("username")
    return username ? `user:${username}` : undefined
  }
  const payload = /^Bearer [^.]+\.([^.]+)\./.exec(authorization ?? "")?.[1]
  if (!payload) return undefined
  try {
    return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: string }).sub
  } catch {
    return undefined
  }
}
