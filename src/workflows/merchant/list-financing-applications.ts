import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { actionView, applicationView } from "../post-sale/admin-views"

export interface FinancingApplicationListQuery {
  /** open: a signed contract with no order, not yet resolved; resolved; none: no exception; any (default). */
  exception?: "open" | "resolved" | "none" | "any"
  status?: string
  /** An exact ledger id, public id, cart id or order id. */
  q?: string
  limit: number
  offset: number
}

const EXCEPTION_FILTERS = {
  open: { exception_reason: { $ne: null }, exception_resolution: null },
  resolved: { exception_resolution: { $ne: null } },
  none: { exception_reason: null },
  any: {},
} as const

/**
 * The store's financing applications, newest first, for the admin: the ledger's records (no personal data
 * is kept there) with their post-sale actions, so an exception shows whether its void was sent.
 */
export async function listFinancingApplications(
  container: MedusaContainer,
  query: FinancingApplicationListQuery
) {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const filters: Record<string, unknown> = { ...EXCEPTION_FILTERS[query.exception ?? "any"] }
  if (query.status) filters.status = query.status
  if (query.q) {
    filters.$or = ["id", "public_id", "cart_id", "order_id"].map((field) => ({ [field]: query.q }))
  }
  const [applications, count] = await financing.listAndCountFinancingApplications(filters, {
    order: { created_at: "DESC" },
    take: query.limit,
    skip: query.offset,
    relations: ["actions"],
  })
  return {
    applications: applications.map((application) => ({
      ...applicationView(application),
      actions: [...(application.actions ?? [])]
        .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
        .map(actionView),
    })),
    count,
    limit: query.limit,
    offset: query.offset,
  }
}
