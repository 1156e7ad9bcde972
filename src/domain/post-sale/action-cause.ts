/**
 * What a post-sale action was recorded for, as fields the admin reads: the kind of cause, what it is about
 * and its ids. The ledger keeps the cause as one key (`invoice:<order>`, `delivery:<fulfillment>`...), its
 * idempotency key, unique per cause (see docs/after-the-sale.md); the server reads that key back into these
 * fields here, so no browser code ever splits a key.
 */

/** The keys' first part, as the planners write them, and the cause each one records. */
export type CauseKind =
  | "order_placed"
  | "invoice_generated"
  | "invoice_uploaded"
  | "fulfillment_handed_over"
  | "delivery_requested"
  | "return_requested"
  | "return_received"
  | "refund"
  | "order_canceled"
  | "order_edited"
  | "contract_voided"
  | "other"

/** What the cause is about: the record whose id it carries. */
export type CauseSubject = "order" | "fulfillment" | "return" | "refund" | "edit" | "application"

export type ActionCause = {
  kind: CauseKind
  /** The merchant's click in the admin, or an event in Medusa. */
  by: "merchant" | "medusa"
  /** Null for a key the server does not know (`other`). */
  about: CauseSubject | null
  /** The ids the key names; each is null when the cause has none. */
  order_id: string | null
  fulfillment_id: string | null
  return_id: string | null
  refund_id: string | null
  application_id: string | null
  /** The merchant's uploaded invoice file (`invoice_uploaded`). */
  file_id: string | null
  /** The order's version after the edit (`order_edited`). */
  order_version: number | null
}

const NO_IDS = {
  order_id: null,
  fulfillment_id: null,
  return_id: null,
  refund_id: null,
  application_id: null,
  file_id: null,
  order_version: null,
} as const

type Ids = Partial<Omit<ActionCause, "kind" | "by" | "about">>
const cause = (kind: CauseKind, by: ActionCause["by"], about: CauseSubject | null, ids: Ids = {}) => ({
  kind,
  by,
  about,
  ...NO_IDS,
  ...ids,
})

/**
 * The cause a stored key records. Keys are `<prefix>:<id>[:<more>]`, as the planners in
 * src/workflows/post-sale/utils/causes (and the contract void's) build them.
 */
export function causeOfKey(key: string): ActionCause {
  const [prefix, id, second, third] = key.split(":")
  switch (prefix) {
    case "order_references":
      return cause("order_placed", "medusa", "order", { order_id: id ?? null })
    case "invoice":
      return second === "file"
        ? cause("invoice_uploaded", "merchant", "order", { order_id: id ?? null, file_id: third ?? null })
        : cause("invoice_generated", "medusa", "order", { order_id: id ?? null })
    case "delivery":
      return second === "merchant"
        ? cause("delivery_requested", "merchant", "fulfillment", { fulfillment_id: id ?? null })
        : cause("fulfillment_handed_over", "medusa", "fulfillment", { fulfillment_id: id ?? null })
    case "merchant_return":
      return cause("return_requested", "merchant", "order", { order_id: id ?? null })
    case "return":
      return cause("return_received", "medusa", "return", { return_id: id ?? null })
    case "refund":
      return cause("refund", "medusa", "refund", { refund_id: id ?? null })
    case "cancel":
      return cause("order_canceled", "medusa", "order", { order_id: id ?? null })
    case "redraft": {
      const version = second?.startsWith("v") ? Number(second.slice(1)) : NaN
      return cause("order_edited", "medusa", "edit", {
        order_id: id ?? null,
        order_version: Number.isInteger(version) ? version : null,
      })
    }
    case "void":
      return cause("contract_voided", "merchant", "application", { application_id: id ?? null })
    default:
      return cause("other", "medusa", null)
  }
}
