import type { IncomingMessage, ServerResponse } from "node:http"
import { type EndpointDefinition, pathPattern } from "../lib/financing/endpoints"
import { HttpError, decodeSegment } from "./http"

export type Handler = (request: IncomingMessage, response: ServerResponse, params: string[]) => Promise<void>

interface Route {
  method: string
  pattern: RegExp
  handler: Handler
}

/** Method and path pattern to handler; a known path with another method is a 405, not a 404. */
export class Router {
  private readonly routes: Route[] = []

  add(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.push({ method, pattern, handler })
    return this
  }

  /**
   * Serves one endpoint of the spec at the path its row declares, the one the client fills in: the
   * handler gets the row's `{name}` segments in the row's order.
   */
  serve(row: EndpointDefinition, handler: Handler): this {
    return this.add(row.method, pathPattern(row), handler)
  }

  async dispatch(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    let pathMatched = false
    for (const route of this.routes) {
      const match = route.pattern.exec(path)
      if (!match) continue
      pathMatched = true
      if (route.method !== request.method) continue
      await route.handler(request, response, match.slice(1).map(decodeSegment))
      return
    }
    if (pathMatched)
      throw new HttpError(
        405,
        "method_not_allowed",
        `${request.method} is not allowed on ${path.slice(0, 200)}`
      )
    throw new HttpError(404, "not_found", `no route for ${request.method} ${path.slice(0, 200)}`)
  }
}
