/** The financing service's endpoints a checkout may call, as the counting proxy sees them. */
export const ENDPOINT_CLASSES = ["token", "create", "status", "list", "other"] as const
export type EndpointClass = (typeof ENDPOINT_CLASSES)[number]
export type Counts = Record<EndpointClass, number>

export function classify(method: string, urlPath: string): EndpointClass {
  if (method === "POST" && urlPath === "/v2/token") return "token"
  if (method === "POST" && urlPath === "/v2/applications") return "create"
  if (method === "GET" && /^\/v2\/applications\/(?!phone\/)[^/]+\/status$/.test(urlPath)) return "status"
  if (method === "GET" && /^\/v2\/applications\/from\/[^/]+\/at\/[^/]+$/.test(urlPath)) return "list"
  return "other"
}

export function noCalls(): Counts {
  return { token: 0, create: 0, status: 0, list: 0, other: 0 }
}

/** The public id in a status read's path, or undefined for another endpoint. */
export function statusReadPublicId(method: string, urlPath: string): string | undefined {
  if (classify(method, urlPath) !== "status") return undefined
  return decodeURIComponent(/^\/v2\/applications\/([^/]+)\/status$/.exec(urlPath)?.[1] ?? "")
}
