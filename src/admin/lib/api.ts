/**
 * The admin API of the plugin as the admin screens see it: response types and the few fetch helpers
 * every call goes through, so errors reach the merchant the same way everywhere.
 */
import type { OrderBooks } from "../../domain/post-sale/order-books"
export type { OrderBooks }
import type { ActionKind, ActionState } from "../../domain/post-sale/action-kinds"

/** `stage` is the server's reading of the status (null for a status it does not know). */
export type StatusChange = { status: string; stage: string | null; at: string }

export type Partner = { code: string | null; name: string | null; display_name: string | null }

export type Funding = {
  transfer_id: string | null
  wire_reference_id: string | null
  date: string | null
  amount: number | null
  status: string | null
}

export type FinancingApplication = {
  id: string
  public_id: string
  status: string
  stage: string | null
  status_history: StatusChange[]
  payment_session_id: string | null
  cart_id: string | null
  order_id: string | null
  amount: number
  approval_amount: number | null
  borrowed_amount: number | null
  invoice_amount: number | null
  /** The invoice amount the contract was signed for; `invoice_amount` is lowered by the store's returns. */
  signed_invoice_amount: number | null
  total_in_store_payment: number | null
  partner: Partner | null
  funding: Funding | null
  created_at: string
  updated_at: string
}

/** A signed contract with no order, as the merchant sees it: what happened and what to do. */
export type ContractException = {
  reason: string
  description: string
  what_to_do: string | null
  opened_at: string | null
  resolution: "voided" | "resolved" | null
  resolved_at: string | null
  resolved_by: string | null
}

/** A ledger application in the store's list, with its actions (an exception's void among them). */
export type ListedApplication = Omit<FinancingApplication, "public_id"> & {
  public_id: string | null
  exception: ContractException | null
  completion: { attempts: number; error: string | null; next_attempt_at: string | null } | null
  actions: PostSaleAction[]
}

export type ExceptionsResponse = { exceptions: ListedApplication[]; count: number }

export type ApplicationResponse = { application: ListedApplication; actions: PostSaleAction[] }

export type PostSaleAction = {
  id: string
  kind: ActionKind
  cause: string
  summary: string
  state: ActionState
  attempts: number
  last_error: string | null
  result: string | null
  next_attempt_at: string | null
  completed_at: string | null
  created_at: string
  updated_at: string
}

export type OrderFinancingResponse = {
  financing: { application: FinancingApplication; actions: PostSaleAction[]; books: OrderBooks } | null
}

export type ActionResponse = { action: PostSaleAction }

export type ReturnReason = { public_id: string; description: string }

export type ReturnReasonsResponse = { return_reasons: ReturnReason[] }

export type ReturnType = "return" | "partial" | "redraft"

export type ReturnRequestBody = {
  return_type: ReturnType
  amount?: number
  return_reason_id?: string
  reason?: string
}

export type StorePartner = {
  code: string
  name: string
  display_name: string
  street: string
  suite_apartment: string | null
  city: string
  state: string
  zip_code: string
  phone: string
}

export type SettingsResponse = {
  store_code: string
  base_url: string
  sandbox: boolean
  connection: { ok: boolean; message: string; latency_ms: number }
  partners: StorePartner[] | null
  partners_error: string | null
  return_reasons: ReturnReason[] | null
  return_reasons_error: string | null
  carriers: string[]
  carrier_map: Record<string, string>
  invoice_on: "fulfillment" | "order_placed"
}

export type PhoneStatusResponse = {
  application: {
    public_id: string
    status: string
    stage: string | null
    approval_amount: number | null
    invoice_amount: number | null
    partner_display_name: string | null
  }
}

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
