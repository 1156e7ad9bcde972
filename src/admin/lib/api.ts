/**
 * The fetch helpers every admin call goes through, so errors reach the merchant the same way everywhere.
 * The response types live with the server's views in domain/admin-api.
 */
export type * from "../../domain/admin-api/types"

/** An HTTP error from the admin API, carrying the message the API wrote for the merchant. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
    this.name = "ApiError"
  }
}

// Replaced at build time by the host admin's Vite config; absent when this bundle is loaded some other way.
declare const __BACKEND_URL__: string | undefined

function backendUrl(): string {
  const configured = typeof __BACKEND_URL__ === "string" ? __BACKEND_URL__ : ""
  return configured.replace(/\/+$/, "")
}

export function adminUrl(path: string): string {
  return `${backendUrl()}${path}`
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (!response.ok) {
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : `The request failed (HTTP ${response.status}).`
    throw new ApiError(message, response.status)
  }
  return body as T
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetch(adminUrl(path), { credentials: "include", ...init })
  } catch {
    // fetch only rejects when nothing came back; its own message ("Failed to fetch") means little to a merchant.
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0)
  }
  return parse<T>(response)
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: "GET", headers: { accept: "application/json" }, signal })
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return send<T>(path, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
  })
}

/** The browser sets the multipart boundary itself, so no content-type header here. */
export function postForm<T>(path: string, form: FormData): Promise<T> {
  return send<T>(path, { method: "POST", headers: { accept: "application/json" }, body: form })
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again."
}

export const routes = {
  orderFinancing: (orderId: string) => `/admin/retail-financing/orders/${encodeURIComponent(orderId)}`,
  invoice: (orderId: string) => `/admin/retail-financing/orders/${encodeURIComponent(orderId)}/invoice`,
  delivery: (orderId: string) => `/admin/retail-financing/orders/${encodeURIComponent(orderId)}/delivery`,
  returns: (orderId: string) => `/admin/retail-financing/orders/${encodeURIComponent(orderId)}/returns`,
  retry: (actionId: string) => `/admin/retail-financing/actions/${encodeURIComponent(actionId)}/retry`,
  returnReasons: () => "/admin/retail-financing/return-reasons",
  settings: (refresh = false) => `/admin/retail-financing/settings${refresh ? "?refresh=1" : ""}`,
  exceptions: () => "/admin/retail-financing/exceptions",
  voidContract: (applicationId: string) =>
    `/admin/retail-financing/applications/${encodeURIComponent(applicationId)}/void`,
  resolveException: (applicationId: string) =>
    `/admin/retail-financing/applications/${encodeURIComponent(applicationId)}/resolve`,
  phoneStatus: (phone: string) => `/admin/retail-financing/phone-status?phone=${encodeURIComponent(phone)}`,
}
