/**
 * The plugin's own events, for the store's code: their names, what each payload holds, and the one rule for
 * building each payload from a ledger row. Payloads hold ids, statuses and reasons only: no shopper's name,
 * email, phone or address, and no secret, since a subscriber may forward them anywhere.
 */

export const FINANCING_EVENTS = {
  applicationStatusChanged: "retail_financing.application_status_changed",
  exceptionOpened: "retail_financing.exception_opened",
  exceptionResolved: "retail_financing.exception_resolved",
  actionNeedsAttention: "retail_financing.action_needs_attention",
  payoutRecorded: "retail_financing.payout_recorded",
} as const

export type FinancingEventName = (typeof FINANCING_EVENTS)[keyof typeof FINANCING_EVENTS]

/**
 * What each event means and the fields of its payload: the manifest's `emits` entries and the generated
 * table of docs/events.md (`npm run manifest`).
 */
export const FINANCING_EVENT_DOCS: Record<FinancingEventName, { description: string; payload: string[] }> = {
  [FINANCING_EVENTS.applicationStatusChanged]: {
    description:
      "The ledger recorded a new status of an application: once per change, however many callbacks or reconciliation runs read it.",
    payload: ["id", "public_id", "cart_id", "order_id", "store_code", "from", "to"],
  },
  [FINANCING_EVENTS.exceptionOpened]: {
    description:
      "A signed contract gives no order and the ledger opened its exception: once per application.",
    payload: ["id", "reason", "cart_id", "order_id"],
  },
  [FINANCING_EVENTS.exceptionResolved]: {
    description:
      "An open exception was closed: the merchant marked it resolved or voided the contract. Once per exception.",
    payload: ["id", "reason", "cart_id", "order_id"],
  },
  [FINANCING_EVENTS.actionNeedsAttention]: {
    description:
      "The financing service refused a post-sale action, which now waits for the merchant: once per failure (a merchant's retry that fails again tells again).",
    payload: ["id", "application_id", "order_id", "kind", "reason"],
  },
  [FINANCING_EVENTS.payoutRecorded]: {
    description:
      "The ledger recorded the lender's payment of a contract: its first payment, another transfer, or a new status of it (pending, processed, returned...). Once per change, however many callbacks or reconciliation runs read it.",
    payload: ["application_id", "order_id", "amount", "status", "transfer_id"],
  },
}

export interface ApplicationStatusChangedData {
  /** The ledger's id of the application (the admin's `/app/retail-financing` rows). */
  id: string
  /** The service's public id; null only before the service created the application. */
  public_id: string | null
  cart_id: string | null
  order_id: string | null
  store_code: string | null
  /** The status before; null when this write recorded the application. */
  from: string | null
  to: string
}

export interface ExceptionEventData {
  /** The ledger's id of the application. */
  id: string
  /** Why the signed contract gives no order (domain/checkout/contract-exceptions.ts). */
  reason: string
  cart_id: string | null
  order_id: string | null
}

export interface ActionNeedsAttentionData {
  /** The action's id. */
  id: string
  application_id: string
  order_id: string | null
  /** The action's kind (domain/post-sale/action-kinds.ts). */
  kind: string
  /** Why it needs the merchant: the service's refusal as recorded. */
  reason: string
}

export interface PayoutRecordedData {
  /** The ledger's id of the application. */
  application_id: string
  order_id: string | null
  /** What the lender paid, in dollars, as the service reported it. */
  amount: number
  /** The payment's status as the service spells it: pending, processed, returned... */
  status: string
  /** The lender's transfer, for matching the bank statement; null when the service gave none. */
  transfer_id: string | null
}

interface ApplicationRow {
  id: string
  public_id: string | null
  cart_id: string | null
  order_id: string | null
  store_code?: string | null
}

/**
 * The status event of one ledger write: none when the write did not move the status, so a replayed read
 * emits nothing.
 */
export function statusChangedEvents(
  application: ApplicationRow,
  change: { from: string | null; to: string } | null
): ApplicationStatusChangedData[] {
  if (!change) return []
  return [
    {
      id: application.id,
      public_id: application.public_id,
      cart_id: application.cart_id,
      order_id: application.order_id,
      store_code: application.store_code ?? null,
      from: change.from,
      to: change.to,
    },
  ]
}

/** The exception event of one ledger write: none when the write changed nothing (already open or closed). */
export function exceptionEvents(
  application: Omit<ApplicationRow, "public_id" | "store_code">,
  reason: string,
  changed: boolean
): ExceptionEventData[] {
  if (!changed) return []
  return [{ id: application.id, reason, cart_id: application.cart_id, order_id: application.order_id }]
}

/**
 * The payout event of one ledger write: none when the write recorded no news of the payment (a repeated
 * read, or another wire reference of the same payment in the same status).
 */
export function payoutRecordedEvents(
  application: Pick<ApplicationRow, "id" | "order_id">,
  change: { transfer_id: string | null; amount: number; status: string } | null
): PayoutRecordedData[] {
  if (!change) return []
  return [
    {
      application_id: application.id,
      order_id: application.order_id,
      amount: change.amount,
      status: change.status,
      transfer_id: change.transfer_id,
    },
  ]
}
