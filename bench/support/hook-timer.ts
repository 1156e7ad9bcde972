import http from "node:http"
import type { AddressInfo } from "node:net"
import { performance } from "node:perf_hooks"

/** One delivery of a status callback to the plugin's route, as the proxy in front of it saw it. */
export interface HookCall {
  /** The callback URL's key: the application's ledger id (a payment session id for older applications). */
  key: string
  /** Medusa's answer; 0 when Medusa's answer never came (the proxy lost its connection to Medusa). */
  status: number
  /** The route's `action` (authorize, none, record...), when it answered with one. */
  action: string | undefined
  /** From the request's arrival to the end of Medusa's answer. */
  ms: number
  /** performance.now() at arrival and at the end of Medusa's answer. */
  arrivedAt: number
  answeredAt: number
  /**
   * The sandbox gave up on the delivery before Medusa answered (its callback timeout): it will send the
   * callback again, while Medusa finishes this one anyway.
   */
  abandoned: boolean
}

/**
 * A pass-through proxy in front of Medusa's callback route: the plugin's backendUrl points here, so the
 * sandbox's callbacks arrive here first and are timed from arrival to the end of Medusa's answer.
 */
export class HookTimer {
  readonly calls: HookCall[] = []
  private readonly waiting = new Map<string, (call: HookCall) => void>()
  private readonly agent = new http.Agent({ keepAlive: true })

  private constructor(
    private readonly server: http.Server,
    readonly url: string
  ) {}

  static async start(target: string): Promise<HookTimer> {
    const server = http.createServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const timer = new HookTimer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      const arrivedAt = performance.now()
      const key = /^\/hooks\/retail-financing\/([^/]+)\//.exec(req.url ?? "")?.[1] ?? ""
      let abandoned = false
      res.on("close", () => {
        if (!res.writableFinished) abandoned = true
      })
      const record = (status: number, body: Buffer) => {
        const answeredAt = performance.now()
        const call: HookCall = {
          key,
          status,
          action: actionOf(body),
          ms: answeredAt - arrivedAt,
          arrivedAt,
          answeredAt,
          abandoned,
        }
        timer.calls.push(call)
        if (status >= 200 && status < 300 && !abandoned) timer.waiting.get(key)?.(call)
      }
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const upstream = http.request(
          new URL(req.url ?? "/", target),
          { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent: timer.agent },
          (answer) => {
            const body: Buffer[] = []
            answer.on("data", (chunk: Buffer) => body.push(chunk))
            answer.on("end", () => {
              record(answer.statusCode ?? 0, Buffer.concat(body))
              if (res.destroyed) return
              res.writeHead(answer.statusCode ?? 502, answer.headers)
              res.end(Buffer.concat(body))
            })
          }
        )
        upstream.on("error", () => {
          record(0, Buffer.alloc(0))
          res.destroy()
        })
        upstream.end(Buffer.concat(chunks))
      })
    })
    return timer
  }

  /**
   * Resolves with the first 2xx answer, delivered to the sandbox, to a callback for this key; call it
   * before the status moves.
   */
  answered(key: string, timeoutMs = 120_000): Promise<HookCall> {
    if (this.waiting.has(key)) throw new Error(`a callback for ${key} is already awaited`)
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.waiting.delete(key)
        const seen = this.calls
          .filter((call) => call.key === key)
          .map((call) => `${call.status}${call.abandoned ? " abandoned" : ""} after ${call.ms.toFixed(0)} ms`)
        reject(
          new Error(
            `no callback for ${key} was answered 2xx within ${timeoutMs} ms; answers: ${seen.join(", ") || "none"}`
          )
        )
      }, timeoutMs)
      this.waiting.set(key, (call) => {
        clearTimeout(timeout)
        this.waiting.delete(key)
        resolve(call)
      })
    })
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    this.agent.destroy()
    await closed
  }
}

function actionOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { action?: unknown }
    return typeof parsed.action === "string" ? parsed.action : undefined
  } catch {
    return undefined
  }
}

/** The callback key a financing session's callbacks carry: its ledger id, else (older ones) its own id. */
export function callbackKeyOf(session: { id: string; data?: Record<string, unknown> | null }): string {
  const applicationId = session.data?.applicationId
  return typeof applicationId === "string" ? applicationId : session.id
}
