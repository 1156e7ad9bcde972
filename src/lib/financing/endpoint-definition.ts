/**
 * One endpoint of the spec (section 4). `idempotent` decides whether an ambiguous failure (a timeout, a
 * reset connection, a 5xx) may be retried: the request may have been carried out already.
 */
export interface EndpointDefinition<Path extends string = string> {
  /** Stable name used in errors and logs: method and path template, never a filled-in path. */
  name: string
  method: "GET" | "POST"
  /**
   * The spec's path, a `{name}` for each segment a request fills in. Written here only: the client fills
   * it in (`pathOf`) and the sandbox matches requests with it (`pathPattern`).
   */
  path: Path
  authenticated: boolean
  idempotent: boolean
}

/** The names in a path template's braces: "/v2/applications/{publicId}/status" gives "publicId". */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never

/** An endpoint's row, declared by its area in schemas/ beside its request and response schemas. */
export const endpoint = <const Path extends string>(
  method: EndpointDefinition["method"],
  path: Path,
  authenticated: boolean,
  idempotent: boolean
): EndpointDefinition<Path> => ({ name: `${method} ${path}`, method, authenticated, idempotent, path })

const PARAM = /\{(\w+)\}/g

/** The path of one request: the row's template with each `{name}` replaced by its value, percent-encoded. */
export function pathOf<Path extends string>(
  row: EndpointDefinition<Path>,
  params: Record<PathParams<Path>, string>
): string {
  const values: Record<string, string> = params
  return row.path.replace(PARAM, (_, name: string) => encodeURIComponent(values[name]))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

/**
 * What matches a request's path for this row (the sandbox serves the spec from it): the template with one
 * capture per `{name}`, in the template's order, each a whole segment.
 */
export function pathPattern(row: EndpointDefinition): RegExp {
  return new RegExp(
    `^${row.path
      .split(PARAM)
      .map((part, index) => (index % 2 ? "([^/]+)" : escapeRegExp(part)))
      .join("")}$`
  )
}
