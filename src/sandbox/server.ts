import { type IncomingMessage, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { CallbackDispatcher } from "./callbacks"
import type { SandboxContext } from "./context"
import { SandboxConflict, SandboxEngine, SandboxNotFound } from "./engine"
import { controlRoutes } from "./handlers/control"
import { hostedPageRoutes } from "./handlers/hosted-page"
import { errorPage, wantsHtml } from "./handlers/html-page"
import { v2Routes } from "./handlers/v2"
import { HttpError, redirect, sendError, sendHtml, sendNoContent } from "./http"
import { type FaultSettings, SandboxOptions, type SandboxOptionsInput } from "./options"
import { StateFile } from "./persistence"
import { seededRandom } from "./random"
import type { Router } from "./router"
import { partnersFor } from "./seed"
import { TokenIssuer } from "./tokens"

export interface RunningSandbox {
  /** Base URL to give FinancingClient or the plugin, e.g. http://127.0.0.1:4010. */
  url: string
  close: () => Promise<void>
}

/** Starts the sandbox; `port: 0` picks a free port. Resolves once it is listening. */
export async function startSandbox(input: SandboxOptionsInput = {}): Promise<RunningSandbox> {
  const parsed = SandboxOptions.safeParse(input)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(options)"} ${issue.message}`
    )
    throw new Error(`sandbox options are invalid: ${problems.join("; ")}`)
  }
  const options = parsed.data
  const log = options.log ?? (() => undefined)
  const random = options.seed === undefined ? Math.random : seededRandom(options.seed)
  const faults: FaultSettings = { ...options.faults }

  let stateFile: StateFile | undefined
  const save = () => stateFile?.scheduleSave()
  const callbacks = new CallbackDispatcher({
    retries: options.callbackRetries,
    retryDelayMs: options.callbackRetryDelayMs,
    timeoutMs: options.callbackTimeoutMs,
    drop: () => faults.dropCallbackRate > 0 && random() < faults.dropCallbackRate,
    onChange: save,
    log,
  })
  const stores = new Map(options.credentials.map((store) => [store.storeCode, store]))
  const partnersOf = (storeCode: string) => partnersFor(storeCode, stores.get(storeCode)?.partners)
  const engine = new SandboxEngine(
    options,
    { onStatusChange: (change) => callbacks.enqueue(change), onChange: save },
    partnersOf
  )
  if (options.stateFile) {
    stateFile = new StateFile(options.stateFile, () => engine.snapshot(), log)
    const snapshot = stateFile.load()
    if (snapshot) engine.restore(snapshot)
  }

  let listeningUrl = ""
  const context: SandboxContext = {
    options,
    engine,
    tokens: new TokenIssuer(options.tokenTtlSeconds),
    callbacks,
    faults,
    random,
    stores,
    partnersOf,
    publicBase: (request) => options.publicUrl?.replace(/\/+$/, "") ?? baseFromRequest(request, listeningUrl),
  }
  const routers = { v2: v2Routes(context), apply: hostedPageRoutes(context), sandbox: controlRoutes(context) }

  const server = createServer((request, response) => {
    handle(context, routers, request, response).catch((error: unknown) => {
      // Reaching here is a sandbox bug: answer, but never with the request's content.
      log(`unexpected error: ${error instanceof Error ? error.stack : String(error)}`)
      if (!response.headersSent)
        sendError(response, new HttpError(500, "internal_error", "the sandbox failed"))
      else response.destroy()
    })
  })
  server.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  listeningUrl = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`
  log(`retail-financing sandbox listening on ${listeningUrl}`)

  return {
    url: listeningUrl,
    close: async () => {
      engine.close()
      callbacks.close()
      stateFile?.flush()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Routers = Record<"v2" | "apply" | "sandbox", Router>

async function handle(
  context: SandboxContext,
  routers: Routers,
  request: IncomingMessage,
  response: ServerResponse
): Promise<void> {
  const path = (request.url ?? "/").split("?")[0]
  const area = path.split("/")[1]
  try {
    if (area === "v2") {
      await injectFaults(context)
      await routers.v2.dispatch(request, response, path)
    } else if (area === "apply" || area === "sandbox") {
      await routers[area].dispatch(request, response, path)
    } else if (path === "/" && request.method === "GET" && wantsHtml(request)) {
      // The sandbox's address as printed by the demo and the CLI: a person opening it sees its applications.
      redirect(response, "/sandbox/applications")
    } else if (path === "/favicon.ico") {
      sendNoContent(response)
    } else {
      throw new HttpError(404, "not_found", `no route for ${request.method} ${path.slice(0, 200)}`)
    }
  } catch (error) {
    const httpError = toHttpError(error)
    if (!httpError) throw error
    // An unread body would otherwise stall a keep-alive connection for the next request.
    request.resume()
    // A person's browser gets a page (a link or a button of the hosted page, an address clicked); the API
    // and every other client keep the one JSON error shape.
    if (area !== "v2" && wantsHtml(request)) {
      sendHtml(response, httpError.status, errorPage(httpError))
    } else sendError(response, httpError)
  }
}

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error
  if (error instanceof SandboxConflict) return new HttpError(409, "conflict", error.message)
  if (error instanceof SandboxNotFound) return new HttpError(404, "not_found", error.message)
  return undefined
}

async function injectFaults(context: SandboxContext): Promise<void> {
  const { latencyMs, errorRate } = context.faults
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
  if (errorRate > 0 && context.random() < errorRate) {
    throw new HttpError(503, "injected_fault", "the sandbox injected this failure (fault errorRate)")
  }
}

function baseFromRequest(request: IncomingMessage, fallback: string): string {
  const host = request.headers.host
  return host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : fallback
}
