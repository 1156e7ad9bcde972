import type { MedusaContainer } from "@medusajs/framework/types"

import { ACTION_STATES_NEEDING_ATTENTION } from "../domain/post-sale/needs-attention"
import type { RetailFinancingModuleService } from "../modules/retail-financing"
import { cartAndOrderIdsWithPhone, orderIdsWithDisplayId, phoneDigits } from "./orders-for-admin"

export interface FinancingApplicationListQuery {
  /** open: a signed contract with no order, not yet resolved; resolved; none: no exception; any (default). */
  exception?: "open" | "resolved" | "none" | "any"
  status?: string
  /** true: only those needing the merchant (domain/post-sale/needs-attention.ts); false: only the others. */
  needs_attention?: boolean
  /**
   * An exact ledger id, public id, cart id or order id, an order number ("1042" or "#1042"), the service's
   * application number, or a phone number (the applications whose cart or order has it).
   */
  q?: string
  /** Only the applications made for this store code. */
  store_code?: string
  limit: number
  offset: number
}

type Filter = Record<string, unknown>

const EXCEPTION_FILTERS: Record<NonNullable<FinancingApplicationListQuery["exception"]>, Filter> = {
  open: { exception_reason: { $ne: null }, exception_resolution: null },
  resolved: { exception_resolution: { $ne: null } },
  none: { exception_reason: null },
  any: {},
}

/*
 * The "needs attention" rule of domain/post-sale/needs-attention.ts, as ledger filters. Each clause here is
 * one of attentionOf's reasons; the integration test of the list checks the filter and the column agree.
 */
const OPEN_EXCEPTION: Filter = { exception_reason: { $ne: null }, exception_resolution: null }
const NO_OPEN_EXCEPTION: Filter = {
  $or: [{ exception_reason: null }, { exception_resolution: { $ne: null } }],
}
const COMPLETION_FAILING: Filter = { completion_attempts: { $gt: 0 }, order_id: null, exception_reason: null }
const NO_COMPLETION_FAILING: Filter = {
  $or: [{ completion_attempts: 0 }, { order_id: { $ne: null } }, { exception_reason: { $ne: null } }],
}

/** Applications with an action that failed or whose outcome is unknown. */
async function applicationIdsWithActionsNeedingAttention(
  financing: RetailFinancingModuleService
): Promise<string[]> {
  const actions = await financing.listFinancingActions(
    { state: [...ACTION_STATES_NEEDING_ATTENTION] },
    { select: ["id", "application_id"] }
  )
  return [...new Set(actions.map((action) => (action as { application_id: string }).application_id))]
}

async function attentionFilter(financing: RetailFinancingModuleService, wanted: boolean): Promise<Filter> {
  const withActions = await applicationIdsWithActionsNeedingAttention(financing)
  if (wanted) {
    return {
      $or: [
        ...(withActions.length > 0 ? [{ id: { $in: withActions } }] : []),
        OPEN_EXCEPTION,
        COMPLETION_FAILING,
      ],
    }
  }
  return {
    $and: [
      ...(withActions.length > 0 ? [{ id: { $nin: withActions } }] : []),
      NO_OPEN_EXCEPTION,
      NO_COMPLETION_FAILING,
    ],
  }
}

/** The service's application number as typed: "123456", "#123456" or "No. 123456". */
function applicationNumberOf(text: string): number | null {
  const match = /^(?:no\.?\s*|#)?(\d{1,9})$/i.exec(text.trim())
  return match ? Number(match[1]) : null
}

/**
 * What the search text can name: the ledger's own ids, the service's public id and application number,
 * Medusa's cart and order (its id or number), or a phone number: every application whose cart or order has
 * that phone on its shipping or billing address.
 */
async function searchFilter(container: MedusaContainer, text: string): Promise<Filter> {
  const exact = ["id", "public_id", "cart_id", "order_id"].map((field) => ({ [field]: text }))
  const ordersWithNumber = await orderIdsWithDisplayId(container, text)
  const applicationNumber = applicationNumberOf(text)
  const phone = phoneDigits(text)
  const withPhone = phone ? await cartAndOrderIdsWithPhone(container, phone) : { cartIds: [], orderIds: [] }
  return {
    $or: [
      ...exact,
      ...(ordersWithNumber.length > 0 ? [{ order_id: { $in: ordersWithNumber } }] : []),
      ...(applicationNumber !== null ? [{ application_number: applicationNumber }] : []),
      ...(withPhone.cartIds.length > 0 ? [{ cart_id: { $in: withPhone.cartIds } }] : []),
      ...(withPhone.orderIds.length > 0 ? [{ order_id: { $in: withPhone.orderIds } }] : []),
    ],
  }
}

/** A store's applications; the top-level store's include rows older than store codes in the ledger. */
export function storeCodeFilter(storeCode: string, topLevelStoreCode: string): Filter {
  return storeCode === topLevelStoreCode
    ? { $or: [{ store_code: storeCode }, { store_code: null }] }
    : { store_code: storeCode }
}

/** The ledger filter for one query of the applications page: every part must hold. */
export async function applicationListFilters(
  container: MedusaContainer,
  financing: RetailFinancingModuleService,
  query: Omit<FinancingApplicationListQuery, "limit" | "offset">
): Promise<Filter> {
  const clauses: Filter[] = [EXCEPTION_FILTERS[query.exception ?? "any"]]
  if (query.status) clauses.push({ status: query.status })
  if (query.needs_attention !== undefined)
    clauses.push(await attentionFilter(financing, query.needs_attention))
  if (query.q) clauses.push(await searchFilter(container, query.q))
  if (query.store_code) clauses.push(storeCodeFilter(query.store_code, financing.getOptions().storeCode))
  const nonEmpty = clauses.filter((clause) => Object.keys(clause).length > 0)
  return nonEmpty.length === 0 ? {} : { $and: nonEmpty }
}
