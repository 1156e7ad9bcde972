import { fromCents, toCents } from "../domain/money"
import { CONTRACT_EXCEPTION_TEXT, isContractExceptionReason } from "../domain/checkout/contract-exceptions"
import { findApplicationStage } from "../lib/financing/schemas/statuses"
import type { LedgerAction, LedgerApplication } from "../modules/retail-financing"
import { statusHistoryOf } from "../modules/retail-financing/application-record"
import { causeOfKey } from "../domain/post-sale/action-cause"
import { attemptLogOf } from "../domain/post-sale/unknown-outcome"
import { type AttentionReason, attentionOf } from "../domain/post-sale/needs-attention"
import type {
  ContractException,
  FinancingApplication,
  InStorePayment,
  PostSaleAction,
  ReturnRequestView,
} from "../domain/admin-api/types"
import { RETURN_TYPES } from "../lib/financing/schemas"
import type { ReturnPayload } from "../domain/post-sale/return-payload"

const dollars = (value: unknown): number | null =>
  value === null || value === undefined ? null : fromCents(toCents(value as never))

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/** The admin's view of an application: nothing secret is held in the ledger, so all of it may be shown. */
/**
 * `topLevelStoreCode` names the store of rows recorded before the ledger kept store codes (made with it),
 * until the migration script has filled them in.
 */
export function applicationView(
  application: LedgerApplication,
  topLevelStoreCode: string
): FinancingApplication {
  const funding = application.funding
  return {
    id: application.id,
    public_id: application.public_id,
    application_number: application.application_number ?? null,
    store_code: application.store_code ?? topLevelStoreCode,
    status: application.status,
    // The stage lets the admin colour and name a status it has no hand-written label for.
    stage: findApplicationStage(application.status) ?? null,
    status_history: statusHistoryOf(application).map((entry) => ({
      ...entry,
      stage: findApplicationStage(entry.status) ?? null,
    })),
    payment_session_id: application.payment_session_id,
    cart_id: application.cart_id,
    order_id: application.order_id,
    amount: dollars(application.amount),
    approval_amount: dollars(application.approval_amount),
    borrowed_amount: dollars(application.borrowed_amount),
    invoice_amount: dollars(application.invoice_amount),
    signed_invoice_amount: dollars(application.signed_invoice_amount),
    total_in_store_payment: dollars(application.total_in_store_payment),
    in_store_payment: inStorePaymentView(application),
    partner:
      application.partner_code || application.partner_display_name
        ? {
            code: application.partner_code,
            name: application.partner_name,
            display_name: application.partner_display_name,
          }
        : null,
    funding: funding
      ? {
          transfer_id: (funding.transfer_id as string | null) ?? null,
          wire_reference_id: (funding.wire_reference_id as string | null) ?? null,
          date: (funding.date as string | null) ?? null,
          amount: dollars(funding.amount),
          status: (funding.status as string | null) ?? null,
        }
      : null,
    payment_collection_id: application.payment_collection_id,
    superseded_by_id: application.superseded_by_id,
    creation_error: application.creation_error,
    completion:
      application.completion_attempts > 0
        ? {
            attempts: application.completion_attempts,
            error: application.completion_error,
            next_attempt_at: iso(application.next_completion_at),
          }
        : null,
    exception: exceptionView(application),
    created_at: iso(application.created_at),
    updated_at: iso(application.updated_at),
  }
}

/** The in-store payment and whether the merchant has marked it received; null when the contract has none. */
function inStorePaymentView(application: LedgerApplication): InStorePayment | null {
  const amount = dollars(application.total_in_store_payment)
  if (!amount) return null
  return {
    amount,
    received_at: iso(application.in_store_payment_received_at),
    received_by: application.in_store_payment_received_by ?? null,
  }
}

/** A signed contract with no order, with what happened and what the merchant does, in words. */
function exceptionView(application: LedgerApplication): ContractException | null {
  const reason = application.exception_reason
  if (!reason) return null
  const text = isContractExceptionReason(reason) ? CONTRACT_EXCEPTION_TEXT[reason] : undefined
  return {
    reason,
    description: text?.merchant ?? reason,
    what_to_do: text?.todo ?? null,
    opened_at: iso(application.exception_at),
    // The column is plain text; the plugin only ever writes these two values into it.
    resolution: application.exception_resolution as ContractException["resolution"],
    resolved_at: iso(application.exception_resolved_at),
    resolved_by: application.exception_resolved_by,
  }
}

/**
 * The admin's view of an action. The payload stays out: the summary says what it is. `outcome_unknown` is
 * true while the last attempt may or may not have reached the service (state `unknown`, or `checking` while
 * a sender looks at the service for its effect); `attempt_log` is every attempt with what was seen.
 */
export function actionView(action: LedgerAction): PostSaleAction {
  const log = attemptLogOf(action.attempt_log)
  return {
    id: action.id,
    // The column is plain text; actions are only ever created with one of the known kinds.
    kind: action.kind as PostSaleAction["kind"],
    cause: action.cause,
    caused_by: causeOfKey(action.cause),
    summary: action.summary,
    state: action.state,
    outcome_unknown: action.state === "unknown" || action.state === "checking",
    attempts: action.attempts,
    attempt_log: log.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.started_at,
      ended_at: attempt.ended_at ?? null,
      // No outcome recorded: still in flight, or its sender stopped mid-send.
      outcome: attempt.outcome ?? null,
      error: attempt.error ?? null,
      checks: attempt.checks ?? [],
    })),
    last_error: action.last_error,
    result: action.result,
    return_request: action.kind === "return" ? returnRequestView(action.payload) : null,
    next_attempt_at: iso(action.next_attempt_at),
    completed_at: iso(action.completed_at),
    created_at: iso(action.created_at),
    updated_at: iso(action.updated_at),
  }
}

const RETURN_TYPE_NAMES: Record<number, ReturnRequestView["return_type"]> = {
  [RETURN_TYPES.Redraft]: "redraft",
  [RETURN_TYPES.Return]: "return",
  [RETURN_TYPES.Partial]: "partial",
}

/** A return action's terms from its payload (see perform/return-request.ts), for the merchant to read. */
function returnRequestView(payload: unknown): ReturnRequestView | null {
  const { request, amount_cents } = (payload ?? {}) as Partial<ReturnPayload>
  const type = request ? RETURN_TYPE_NAMES[request.returnType ?? 0] : undefined
  if (!request || !type) return null
  return {
    return_type: type,
    amount: type === "redraft" || typeof amount_cents !== "number" ? null : fromCents(amount_cents),
    return_reason_id: request.returnReasonPublicId ?? null,
    reason: request.reason ?? null,
  }
}

/**
 * Why the application needs the merchant, by the one rule the applications list, its filter and the order
 * widget share; the exception's own sentences are the view's.
 */
export function attentionView(
  application: LedgerApplication,
  view: FinancingApplication,
  actions: readonly LedgerAction[]
): AttentionReason[] {
  return attentionOf(
    {
      ...application,
      exception_description: view.exception?.description ?? null,
      exception_what_to_do: view.exception?.what_to_do ?? null,
    },
    actions
  )
}
