import type { ICartModuleService, ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { FINANCING_CART_FIELDS, type FinancingCart } from "../../../domain/checkout/cart"
import { currentFingerprints } from "../../../domain/checkout/financed-fingerprint"
import {
  COMPLETION_TAG_KEY,
  type OrphanChoice,
  type UnlinkedOrder,
  chooseOrphan,
  hasCompletionTag,
  withCompletionTag,
} from "../../../domain/checkout/interrupted-completion"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { isLockBusy } from "../../../domain/lock-busy"
import { orderOfCart } from "../../../queries/order-of-cart"
import { CART_COMPLETION_WAIT_SECONDS } from "./settled-cart-order"

/*
 * What Medusa's completeCartWorkflow leaves when it is stopped between creating a cart's order and linking
 * it, and how it is finished (see domain/checkout/interrupted-completion.ts for the rule of adoption).
 * Everything here runs under the cart's lock, the one completeCartWorkflow holds for its whole run (keyed by
 * the cart id): an order a running completion has made but not linked yet is never taken for an orphan.
 */

/** The links completeCartWorkflow's createRemoteLinkStep gives a new order. */
export type CompletionLink = "cart" | "payment_collection" | "promotion"

export type CompletionSettlement =
  /** A completion of the cart held its lock past the wait: it is running, nothing was looked at. */
  | { settled: false }
  | {
      settled: true
      /** The cart's order: linked before, or adopted now; null when the cart has none. */
      order_id: string | null
      /** The order was an orphan of an interrupted completion, adopted now. */
      adopted: boolean
      /** Links made now. */
      linked: CompletionLink[]
      /** The cart's payment collection has a payment that is not canceled. */
      paid: boolean
      /** Orders tagged for the cart that were not adopted, and why (domain rule). */
      rejected: OrphanChoice["rejected"]
      /** An order to adopt, found but left (inspection only). */
      adoptable: string | null
      /** Links the cart's order lacks, found but left (inspection only). */
      missing: CompletionLink[]
    }

export interface SettleOptions {
  /**
   * true: adopt an orphan and make the order's missing links. Only a sync that checked a signed contract
   * against the cart may: an order is the cart's only if its completion would have gone through.
   * false: only look (and tag a cart that has no order yet).
   */
  repair: boolean
}

/**
 * Settles what an interrupted completion of the cart left, under the cart's lock:
 * - the cart has its order (linked): the links completeCartWorkflow makes with the cart link (to the payment
 *   collection, to the promotions) are made if missing, and the cart marked completed if it is not;
 * - it has none, but an order tagged for it that no cart owns passes the adoption rule: that order is
 *   linked to the cart (and the rest as above), as the completion that made it would have;
 * - it has none and nothing to adopt: the cart is tagged (if it is not yet) so that the order of the
 *   completion about to run can be found should it be interrupted in turn.
 * The payment is not authorized here: the sync's repair does it (processPaymentWorkflow), as for any order
 * whose completion stopped before its authorization.
 */
export async function settleCartCompletion(
  container: MedusaContainer,
  cartId: string,
  options: SettleOptions
): Promise<CompletionSettlement> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  try {
    return await locking.execute(cartId, () => settleLocked(container, cartId, options), {
      timeout: CART_COMPLETION_WAIT_SECONDS,
    })
  } catch (error) {
    if (isLockBusy(error)) return { settled: false }
    throw error
  }
}

interface CartRow {
  id: string
  email?: string | null
  customer_id?: string | null
  metadata?: Record<string, unknown> | null
  completed_at?: string | Date | null
  payment_collection?: { id: string; payments?: { canceled_at?: unknown }[] | null } | null
  promotions?: { id: string }[] | null
}

async function settleLocked(
  container: MedusaContainer,
  cartId: string,
  { repair }: SettleOptions
): Promise<CompletionSettlement> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "email",
      "customer_id",
      "metadata",
      "completed_at",
      "payment_collection.id",
      "payment_collection.payments.id",
      "payment_collection.payments.canceled_at",
      "promotions.id",
    ],
    filters: { id: cartId },
  })
  const cart = (carts as CartRow[])[0]
  const paid = (cart?.payment_collection?.payments ?? []).some((payment) => !payment.canceled_at)
  const nothing = { adopted: false, linked: [], rejected: [], adoptable: null, missing: [], paid }
  if (!cart) return { settled: true, order_id: null, ...nothing }

  const linkedOrderId = await orderOfCart(container, cartId)
  let orderId = linkedOrderId
  let choice: OrphanChoice = { adopt: null, rejected: [] }
  if (!linkedOrderId) {
    if (!hasCompletionTag(cart.metadata, cartId)) {
      // No completion of this cart was tagged before, so none of them left an order to find.
      await container
        .resolve<ICartModuleService>(Modules.CART)
        .updateCarts([{ id: cartId, metadata: withCompletionTag(cart.metadata, cartId) }])
      return { settled: true, order_id: null, ...nothing }
    }
    choice = await findOrphan(container, cart)
    if (!choice.adopt) return { settled: true, order_id: null, ...nothing, rejected: choice.rejected }
    if (!repair) {
      return {
        settled: true,
        order_id: null,
        ...nothing,
        rejected: choice.rejected,
        adoptable: choice.adopt.id,
      }
    }
    orderId = choice.adopt.id
  }

  const missing = await missingLinks(container, orderId!, cart)
  if (!repair)
    return { settled: true, order_id: orderId, ...nothing, missing: missing.map(({ kind }) => kind) }
  if (missing.length > 0) {
    await container.resolve(ContainerRegistrationKeys.LINK).create(missing.map(({ link }) => link))
  }
  if (!cart.completed_at) {
    await container
      .resolve<ICartModuleService>(Modules.CART)
      .updateCarts([{ id: cartId, completed_at: new Date() }])
  }
  return {
    settled: true,
    order_id: orderId,
    adopted: !linkedOrderId,
    linked: missing.map(({ kind }) => kind),
    rejected: choice.rejected,
    adoptable: null,
    missing: [],
    paid,
  }
}

/**
 * The orders tagged for the cart that no cart link points to, judged by the adoption rule. They are looked
 * for among the orders of the cart's customer (indexed; Medusa gives a guest cart a customer too), else of
 * its email, and only when the cart carries the tag (a completion of it was started before).
 */
async function findOrphan(container: MedusaContainer, cart: CartRow): Promise<OrphanChoice> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const owner = cart.customer_id
    ? { customer_id: cart.customer_id }
    : cart.email
      ? { email: cart.email }
      : null
  if (!owner) return { adopt: null, rejected: [] }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "metadata"],
    filters: owner,
  })
  const taggedIds = (orders as { id: string; metadata?: Record<string, unknown> | null }[])
    .filter((order) => order.metadata?.[COMPLETION_TAG_KEY] === cart.id)
    .map((order) => order.id)
  if (taggedIds.length === 0) return { adopt: null, rejected: [] }

  const { data: cartLinks } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { order_id: taggedIds },
  })
  const owned = new Set((cartLinks as { order_id: string }[]).map((link) => link.order_id))
  const unlinkedIds = taggedIds.filter((id) => !owned.has(id))
  if (unlinkedIds.length === 0) return { adopt: null, rejected: [] }

  const { callbackSecret, storeCode } = container
    .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    .getOptions()
  const [{ data: asCarts }, { data: paymentLinks }, { data: cartNow }] = await Promise.all([
    // An order has the fields a cart is fingerprinted from, under the same names (Medusa builds one from
    // the other): read so, it is fingerprinted exactly as the cart is.
    query.graph({
      entity: "order",
      fields: [...ORDER_AS_CART_FIELDS, "created_at", "metadata", "canceled_at", "status"],
      filters: { id: unlinkedIds },
    }),
    query.graph({
      entity: "order_payment_collection",
      fields: ["order_id", "payment_collection_id"],
      filters: { order_id: unlinkedIds },
    }),
    query.graph({ entity: "cart", fields: FINANCING_CART_FIELDS, filters: { id: cart.id } }),
  ])
  const fingerprintsOf = (subject: FinancingCart) => currentFingerprints(callbackSecret, subject, storeCode)
  const links = paymentLinks as { order_id: string; payment_collection_id: string }[]
  const candidates: UnlinkedOrder[] = (asCarts as OrderAsCart[]).map((order) => ({
    id: order.id,
    created_at: order.created_at,
    metadata: order.metadata,
    canceled: Boolean(order.canceled_at) || order.status === "canceled",
    payment_collection_ids: links
      .filter((link) => link.order_id === order.id)
      .map((link) => link.payment_collection_id),
    fingerprints: fingerprintsOf(order),
  }))
  const current = (cartNow as FinancingCart[])[0]
  return chooseOrphan(candidates, {
    id: cart.id,
    payment_collection_id: cart.payment_collection?.id ?? null,
    fingerprints: current ? fingerprintsOf(current) : null,
  })
}

/** The cart's fields but its completion date, which an order does not have. */
const ORDER_AS_CART_FIELDS = FINANCING_CART_FIELDS.filter((field) => field !== "completed_at")

type OrderAsCart = FinancingCart & {
  created_at: string | Date
  metadata?: Record<string, unknown> | null
  canceled_at?: string | Date | null
  status?: string
}

interface MissingLink {
  kind: CompletionLink
  link: Record<string, Record<string, string>>
}

/** The links completeCartWorkflow gives an order made from this cart that the order does not have. */
async function missingLinks(
  container: MedusaContainer,
  orderId: string,
  cart: CartRow
): Promise<MissingLink[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paymentCollectionId = cart.payment_collection?.id
  const [{ data: cartLinks }, paymentLinks, { data: promotionLinks }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { order_id: orderId } }),
    paymentCollectionId
      ? query
          .graph({
            entity: "order_payment_collection",
            fields: ["order_id"],
            filters: { payment_collection_id: paymentCollectionId },
          })
          .then(({ data }) => data as unknown[])
      : [],
    query.graph({ entity: "order_promotion", fields: ["promotion_id"], filters: { order_id: orderId } }),
  ])
  const missing: MissingLink[] = []
  const order = { [Modules.ORDER]: { order_id: orderId } }
  if ((cartLinks as unknown[]).length === 0) {
    missing.push({ kind: "cart", link: { ...order, [Modules.CART]: { cart_id: cart.id } } })
  }
  // A payment collection belongs to one order: linked to none yet, it is linked to this one.
  if (paymentCollectionId && paymentLinks.length === 0) {
    missing.push({
      kind: "payment_collection",
      link: { ...order, [Modules.PAYMENT]: { payment_collection_id: paymentCollectionId } },
    })
  }
  const promoted = new Set((promotionLinks as { promotion_id: string }[]).map((link) => link.promotion_id))
  for (const promotion of cart.promotions ?? []) {
    if (!promoted.has(promotion.id)) {
      missing.push({
        kind: "promotion",
        link: { ...order, [Modules.PROMOTION]: { promotion_id: promotion.id } },
      })
    }
  }
  return missing
}
