/**
 * The plugin's admin API as its screens receive it: one set of response types, written by the server's
 * views (which are annotated with them, so a change on either side fails the type check) and read by the
 * admin bundle. Types only: the admin may import nothing else from the server.
 */
import type { OrderBooks } from "../post-sale/order-books"
import type { ActionKind, ActionState } from "../post-sale/action-kinds"
import type { AttemptOutcome, EffectCheck } from "../post-sale/unknown-outcome"

export type { OrderBooks }

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

/** A ledger application as the admin API shows it (nothing secret is held in the ledger). */
export type FinancingApplication = {
  id: string
  /** Null until the service has answered the application's creation. */
  public_id: string | null
  status: string
  stage: string | null
  status_history: StatusChange[]
  payment_session_id: string | null
  cart_id: string | null
  order_id: string | null
  amount: number | null
  approval_amount: number | null
  borrowed_amount: number | null
  invoice_amount: number | null
  /** The invoice amount the contract was signed for; `invoice_amount` is lowered by the store's returns. */
  signed_invoice_amount: number | null
  total_in_store_payment: number | null
  partner: Partner | null
  funding: Funding | null
  payment_collection_id: string | null
  superseded_by_id: string | null
  creation_error: string | null
  /** The callback-side order completion's retries, when it needed any. */
  completion: { attempts: number; error: string | null; next_attempt_at: string | null } | null
  exception: ContractException | null
  created_at: string | null
  updated_at: string | null
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
export type ListedApplication = FinancingApplication & { actions: PostSaleAction[] }

export type ExceptionsResponse = { exceptions: ListedApplication[]; count: number }

export type ApplicationResponse = { application: ListedApplication; actions: PostSaleAction[] }

/** One attempt at sending an action, written before its request leaves. */
export type ActionAttempt = {
  number: number
  started_at: string
  ended_at: string | null
  /** Null while in flight, or when its sender stopped mid-send. */
  outcome: AttemptOutcome | null
  error: string | null
  checks: EffectCheck[]
}

export type PostSaleAction = {
  id: string
  kind: ActionKind
  cause: string
  summary: string
  state: ActionState
  /** True while the last attempt may or may not have reached the service. */
  outcome_unknown: boolean
  attempts: number
  attempt_log: ActionAttempt[]
  last_error: string | null
  result: string | null
  /** What a return request asks of the contract (null for the other kinds). */
  return_request: ReturnRequestView | null
  next_attempt_at: string | null
  completed_at: string | null
  created_at: string | null
  updated_at: string | null
}

export type OrderFinancingResponse = {
  financing: { application: FinancingApplication; actions: PostSaleAction[]; books: OrderBooks } | null
}

export type ActionResponse = { action: PostSaleAction }

export type ReturnReason = { public_id: string; description: string }

export type ReturnReasonsResponse = { return_reasons: ReturnReason[] }

export type ReturnType = "return" | "partial" | "redraft"

/**
 * A return request as it was sent: its type, the amount it gives back (null for a Redraft, which moves no
 * money), the service's reason chosen (an id of the return reasons list) and the text sent with it.
 */
export type ReturnRequestView = {
  return_type: ReturnType
  amount: number | null
  return_reason_id: string | null
  reason: string | null
}

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
