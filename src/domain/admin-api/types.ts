/**
 * The plugin's admin API as its screens receive it: one set of response types, written by the server's
 * views (which are annotated with them, so a change on either side fails the type check) and read by the
 * admin bundle. Types only: the admin may import nothing else from the server.
 */
import type { OrderBooks } from "../post-sale/order-books"
import type { ActionKind, ActionState } from "../post-sale/action-kinds"
import type { AttemptOutcome, EffectCheck } from "../post-sale/unknown-outcome"
import type { AttentionKind, AttentionReason } from "../post-sale/needs-attention"
import type { ActionCause, CauseKind } from "../post-sale/action-cause"
import type { NotLeasableBecause } from "../checkout/leasable"

export type { OrderBooks, AttentionKind, AttentionReason, ActionCause, CauseKind, NotLeasableBecause }

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

export type InStorePayment = { amount: number; received_at: string | null; received_by: string | null }

/** A ledger application as the admin API shows it (nothing secret is held in the ledger). */
export type FinancingApplication = {
  id: string
  /** Null until the service has answered the application's creation. */
  public_id: string | null
  /** The service's application number, the one its own pages show; null until a status read carried one. */
  application_number: number | null
  /** The store code it was made for (its sales channel's location). */
  store_code: string
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
  /**
   * The part of the contract the shopper owes the store directly (dollars), due until the merchant marks it
   * received (`received_at`, and `received_by` the admin user's id); null when the contract has none.
   */
  in_store_payment: InStorePayment | null
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

/**
 * The order an application became, as Medusa has it: its number and the customer's name and email as the
 * order holds them (the ledger keeps no personal data; admin only, and never the phone). `display_id` is
 * null when the order no longer exists in Medusa.
 */
export type ApplicationOrder = {
  id: string
  display_id: number | null
  customer_name: string | null
  email: string | null
}

/** A row of the store's applications page. */
export type ApplicationListItem = ListedApplication & {
  order: ApplicationOrder | null
  /** For an application with no order: the customer's name and email as Medusa's cart holds them. */
  cart_customer: { customer_name: string | null; email: string | null } | null
  /** The service's link for the shopper to finish an application not signed yet; null otherwise. */
  finish_link: string | null
  /** The action most recently changed, or null before the first. */
  last_action: PostSaleAction | null
  /** Why the merchant is needed; empty when nothing is. */
  attention: AttentionReason[]
}

/** `GET /admin/retail-financing/applications`. */
export type ApplicationsListResponse = {
  applications: ApplicationListItem[]
  count: number
  limit: number
  offset: number
}

/** Its query, as the admin sends it (the route's validator is the authority). */
export type ApplicationsListQuery = {
  status?: string
  needs_attention?: "true" | "false"
  exception?: "open" | "resolved" | "none" | "any"
  /** One location's applications (a store code of the settings' `locations`). */
  store_code?: string
  q?: string
  limit?: number
  offset?: number
}

/** One contract's payment from the lender beside its order's money (GET /admin/retail-financing/payouts). */
export type PayoutRow = {
  application_id: string
  public_id: string | null
  store_code: string
  /** The application's status at the service. */
  application_status: string
  /** The payment's day (`YYYY-MM-DD`) and status as the service last reported them. */
  date: string | null
  status: string | null
  transfer_id: string | null
  wire_reference_id: string | null
  /** The payment's amount, dollars. */
  amount: number | null
  /** What of it has reached the store: the amount once the status says paid, else 0. */
  paid: number
  order: { id: string; display_id: number | null } | null
  invoice_amount: number | null
  signed_invoice_amount: number | null
  total_in_store_payment: number | null
  /** Medusa's captures and refunds of the order's financing payment. */
  captured: number
  refunded: number
  order_total: number
  /** The order total less what the lender paid, and its parts by reason (they add up to it). */
  difference: number
  reasons: { reason: string; amount: number; words: string }[]
  /** The reasons in words with their amounts, as the CSV writes them. */
  reason: string
  /** When the ledger first saw the payment, and last saw it change. */
  seen_at: string | null
  changed_at: string | null
}

export type PayoutTotals = {
  amount: number
  paid: number
  invoice_amount: number
  total_in_store_payment: number
  captured: number
  refunded: number
  difference: number
}

export type PayoutsResponse = {
  payouts: PayoutRow[]
  /** Sums over every row the filters select, not only this page. */
  totals: PayoutTotals
  count: number
  limit: number
  offset: number
}

/** Its query, as the admin sends it (the route's validator is the authority). */
export type PayoutsQuery = {
  from?: string
  to?: string
  status?: string
  store_code?: string
  limit?: number
  offset?: number
}

export type ExceptionsResponse = { exceptions: ApplicationListItem[]; count: number }

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
  /** The ledger's cause key, its idempotency key: shown only under "Details", never read by the admin. */
  cause: string
  /** What the action was recorded for, read from the key by the server. */
  caused_by: ActionCause
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
  financing: {
    application: FinancingApplication
    actions: PostSaleAction[]
    /** Why it needs the merchant: the same rule as the applications list's. */
    attention: AttentionReason[]
    books: OrderBooks
    /** The most a return can still ask back (dollars): the contract as signed less the returns requested. */
    returnable_amount: number
  } | null
}

export type ActionResponse = { action: PostSaleAction }

/** "Mark as received": the order's financing as it is now; `already_recorded` when an earlier mark stands. */
export type InStorePaymentReceivedResponse = OrderFinancingResponse & { already_recorded: boolean }

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

/** One store code the plugin sells through, with what the service offers it. */
export type StoreLocationView = {
  store_code: string
  /** The sales channels that sell through it; empty for the top-level store (every channel no location lists). */
  sales_channel_ids: string[]
  /** Whether it signs in with credentials of its own, not the top-level ones (never the credentials). */
  own_credentials: boolean
  min_amount: number | null
  max_amount: number | null
  partners: StorePartner[] | null
  partners_error: string | null
}

export type SettingsResponse = {
  /** The top-level store: `partners` and `partners_error` are its own, as in `locations[0]`. */
  store_code: string
  base_url: string
  sandbox: boolean
  partners: StorePartner[] | null
  partners_error: string | null
  /** Every store code, the top-level one first; one entry when the `locations` option is not set. */
  locations: StoreLocationView[]
  return_reasons: ReturnReason[] | null
  return_reasons_error: string | null
  carriers: string[]
  carrier_map: Record<string, string>
  invoice_on: "fulfillment" | "order_placed"
}

/**
 * A real round trip to the service: a fresh token (never the cached one), then one authenticated read.
 * `failed_step` says which of the two failed; `latency_ms` is measured over both.
 */
export type ConnectionTest = {
  ok: boolean
  message: string
  latency_ms: number
  checked_at: string
  failed_step: "token" | "read" | null
}

export type ConnectionTestResponse = { connection: ConnectionTest }

export type PhoneStatusResponse = {
  application: {
    public_id: string
    status: string
    stage: string | null
    approval_amount: number | null
    invoice_amount: number | null
    partner_display_name: string | null
  }
  /** What the store's ledger knows of that application: null when it was not made through this store. */
  ledger: { application_id: string; order: { id: string; display_id: number | null } | null } | null
}

/** A product's leasability, for the admin's product widget. */
export type ProductLeasability = {
  leasable: boolean
  /** The rule that keeps the lender from leasing it; null when it can be leased. */
  not_leasable_because: NotLeasableBecause | null
  /** The metadata key the merchant's switch sets. */
  metadata_key: string
  /** The product's own metadata says it cannot be leased. */
  marked_not_leasable: boolean
}

export type ProductLeasabilityResponse = { leasability: ProductLeasability }
