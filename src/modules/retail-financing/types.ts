import type { InferTypeOf } from "@medusajs/framework/types"

import type { FinancedFingerprints } from "../../domain/checkout/financed-fingerprint"
import type { ActionKind } from "../../domain/post-sale/action-kinds"
import type { ApplicationStatus, ApplicationStatusValue } from "../../lib/financing/schemas"
import type { FinancingAction } from "./models/financing-action"
import type { FinancingApplication } from "./models/financing-application"

export type LedgerApplication = InferTypeOf<typeof FinancingApplication>
export type LedgerAction = InferTypeOf<typeof FinancingAction>

export interface StatusHistoryEntry {
  status: ApplicationStatusValue
  at: string
}

export interface ApplicationRecordInput {
  publicId: string
  sessionId: string | null
  cartId: string | null
  /** The cart total the application was made for, in dollars. */
  amount: number
  orderId?: string
  /** A status read from the service (never a callback's body). */
  observed?: Pick<ApplicationStatus, "status"> & Partial<ApplicationStatus>
  /**
   * When the read of `observed` was started. Given, a read that shows no pending return settles every
   * return request sent before it, even when the service settled too fast for any read to see PendingReturn.
   */
  readStartedAt?: Date
}

/** The lender's payment as a write recorded it: what the payout_recorded event tells. */
export interface PayoutChange {
  transfer_id: string | null
  amount: number
  status: string
  /** The payment's status before; null when this write recorded the contract's first payment. */
  from_status: string | null
}

export interface ApplicationRecordResult {
  application: LedgerApplication
  /** Returns that were queued behind a return the service has just settled: send them now. */
  releasedActionIds: string[]
  /**
   * The status this write moved the application from and to (from null: the write created it); null when
   * the status stayed. Events are emitted from this, so a repeated read that moves nothing tells no one.
   */
  statusChange: { from: string | null; to: string } | null
  /**
   * The lender's payment this write recorded when it is news (the first, another transfer, or a new status
   * of it); null otherwise, so a repeated read tells no one.
   */
  payoutChange: PayoutChange | null
}

export interface ActionRecordInput {
  applicationId: string
  kind: ActionKind
  /** What in Medusa asked for it, unique: `<kind>:<medusa id>`. */
  cause: string
  summary: string
  payload: Record<string, unknown>
  /** A return queued behind another: recorded now, sent when the first settles. */
  waiting?: boolean
}

export type ApplicationFilters = { public_id?: string; order_id?: string; payment_session_id?: string }

export interface OpenApplicationInput {
  paymentCollectionId: string
  cartId: string
  storeCode: string
  /** The cart total the application is made for, in dollars. */
  amount: number
  fingerprints: FinancedFingerprints
}

/** An application reconciliation may have to sync (see the module service's reconcilableApplications). */
export interface ReconcilableApplicationRow {
  id: string
  public_id: string
  store_code: string | null
  payment_session_id: string | null
  order_id: string | null
  status: ApplicationStatusValue
  created_at: Date
}
