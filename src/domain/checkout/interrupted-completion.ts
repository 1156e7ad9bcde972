import type { FinancedFingerprints } from "./financed-fingerprint"

/*
 * A completion of a cart that Medusa stopped (a crash, a kill) after its createOrdersStep wrote the order and
 * before its createRemoteLinkStep linked it to the cart leaves an order nothing points to: the next completion
 * would make a second one. Nothing but the order itself tells which cart it came from (the order model keeps
 * no cart id, and the workflow engine stores no checkpoint of a sync step), but completeCartWorkflow copies
 * the cart's metadata onto the order. So the plugin writes the cart's id under COMPLETION_TAG_KEY on a
 * financed cart before any completion of it, and the order of an interrupted completion carries it.
 *
 * The shopper can write a cart's metadata through the store API, so the tag only nominates an order: it is
 * adopted as the cart's order only if nothing else owns it and it is what the cart would become (below).
 */

/** The cart metadata key the plugin tags a financed cart with before it is completed (value: the cart id). */
export const COMPLETION_TAG_KEY = "retail_financing_cart_id"

type Metadata = Record<string, unknown> | null | undefined

/** Whether the metadata (a cart's, or an order's copy of it) carries the completion tag of this cart. */
export function hasCompletionTag(metadata: Metadata, cartId: string): boolean {
  return metadata?.[COMPLETION_TAG_KEY] === cartId
}

/** The cart's metadata with the completion tag added (Medusa's cart module replaces metadata whole). */
export function withCompletionTag(metadata: Metadata, cartId: string): Record<string, unknown> {
  return { ...(metadata ?? {}), [COMPLETION_TAG_KEY]: cartId }
}

/** An order that carries a cart's tag but is linked to no cart, as the adoption rule reads it. */
export interface UnlinkedOrder {
  id: string
  created_at: string | Date
  metadata: Metadata
  canceled: boolean
  /** The payment collections the order is linked to (completeCartWorkflow may have made that link). */
  payment_collection_ids: string[]
  /** The order read as a cart is (same fields) and fingerprinted as at the application; null if it makes none. */
  fingerprints: FinancedFingerprints | null
}

/** The cart whose completion was interrupted. */
export interface CartToComplete {
  id: string
  payment_collection_id: string | null
  /** The cart's fingerprints now; null when the cart no longer makes an application. */
  fingerprints: FinancedFingerprints | null
}

export type OrphanRejection =
  /** Its tag names another cart (or none). */
  | "not_tagged_for_cart"
  | "canceled"
  /** It is linked to another payment collection: another cart's completion made it. */
  | "linked_to_other_payments"
  /** Its lines, total or customer differ from the cart's: not what completing the cart makes now. */
  | "differs_from_cart"
  /** An older one was adopted (two completions interrupted before any repair): left for the merchant. */
  | "older_one_adopted"

/**
 * Whether an order linked to no cart may be adopted as this cart's order (null) or why not. Callers only pass
 * orders that no cart link points to: an order another cart owns is never a candidate. The tag must name
 * this cart, the order must not be canceled, its payment link (if completeCartWorkflow made it) must be to
 * this cart's payment collection, and its fingerprints (lines and total, customer) must equal the cart's.
 * So a tag copied onto another cart by hand can at most make this cart adopt an unpaid order that nobody
 * was told of and that is, line for line and to the customer's address, what completing this cart makes.
 */
export function orphanRejection(order: UnlinkedOrder, cart: CartToComplete): OrphanRejection | null {
  if (!hasCompletionTag(order.metadata, cart.id)) return "not_tagged_for_cart"
  if (order.canceled) return "canceled"
  if (order.payment_collection_ids.some((id) => id !== cart.payment_collection_id)) {
    return "linked_to_other_payments"
  }
  if (!sameFingerprints(order.fingerprints, cart.fingerprints)) return "differs_from_cart"
  return null
}

export interface OrphanChoice {
  /** The order to adopt: the oldest adoptable one (a second interrupted completion before any repair). */
  adopt: UnlinkedOrder | null
  /** Tagged for the cart but not adoptable, and why: told to the merchant, never touched. */
  rejected: { order: UnlinkedOrder; reason: OrphanRejection }[]
}

export function chooseOrphan(orders: UnlinkedOrder[], cart: CartToComplete): OrphanChoice {
  const byAge = [...orders].sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()
  )
  const rejected: OrphanChoice["rejected"] = []
  let adopt: UnlinkedOrder | null = null
  for (const order of byAge) {
    const reason = orphanRejection(order, cart)
    if (reason === "not_tagged_for_cart") continue
    if (reason) rejected.push({ order, reason })
    else if (adopt) rejected.push({ order, reason: "older_one_adopted" })
    else adopt = order
  }
  return { adopt, rejected }
}

function sameFingerprints(a: FinancedFingerprints | null, b: FinancedFingerprints | null): boolean {
  return a !== null && b !== null && a.cart === b.cart && a.customer === b.customer
}
