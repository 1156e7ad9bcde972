/**
 * One endpoint of the spec (section 4). `idempotent` decides whether an ambiguous failure (a timeout, a
 * reset connection, a 5xx) may be retried: the request may have been carried out already.
 */
export interface EndpointDefinition {
  /** Stable name used in errors and logs: method and path template, never a filled-in path. */
  name: string
  method: "GET" | "POST"
  authenticated: boolean
  idempotent: boolean
}

/** An endpoint's row, declared by its area in schemas/ beside its request and response schemas. */
export const endpoint = (
  method: EndpointDefinition["method"],
  path: string,
  authenticated: boolean,
  idempotent: boolean
): EndpointDefinition => ({ name: `${method} ${path}`, method, authenticated, idempotent })
