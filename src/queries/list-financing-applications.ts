import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import type { LedgerAction } from "../modules/retail-financing"
import type { ApplicationListItem, ApplicationsListResponse } from "../domain/admin-api/types"
import { actionView, applicationView, attentionView } from "./admin-views"
import { type FinancingApplicationListQuery, applicationListFilters } from "./application-list-filters"
import { cartCustomersForAdmin, finishLinksOf, ordersForAdmin } from "./orders-for-admin"

export type { FinancingApplicationListQuery }

/** Statuses of an application the shopper has not signed yet: the link to finish it is still of use. */
const AWAITING_SHOPPER = new Set(["Pending", "Pre-qualified", "Approved", "PendingApproval"])
const awaitsShopper = (status: string) => AWAITING_SHOPPER.has(status)

const time = (value: Date | string | null | undefined): number => (value ? new Date(value).getTime() : 0)

/** The action changed most recently: what the merchant reads as the application's last action. */
function lastChanged(actions: readonly LedgerAction[]): LedgerAction | null {
  return actions.reduce<LedgerAction | null>(
    (latest, action) =>
      !latest || time(action.updated_at ?? action.created_at) >= time(latest.updated_at ?? latest.created_at)
        ? action
        : latest,
    null
  )
}

/**
 * The store's financing applications, newest first, for the admin's applications page: the ledger's records
 * with their post-sale actions, the last of them, why each needs the merchant, and the order each became
 * with its number and the customer's name and email as Medusa's order holds them (the ledger itself keeps
 * no personal data).
 */
export async function listFinancingApplications(
  container: MedusaContainer,
  query: FinancingApplicationListQuery
): Promise<ApplicationsListResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const filters = await applicationListFilters(container, financing, query)
  const topLevelStoreCode = financing.getOptions().storeCode
  const [applications, count] = await financing.listAndCountFinancingApplications(filters, {
    // The id breaks ties, so a page boundary between two applications made in the same millisecond is stable.
    order: { created_at: "DESC", id: "DESC" },
    take: query.limit,
    skip: query.offset,
    relations: ["actions"],
  })
  const orders = await ordersForAdmin(
    container,
    applications.flatMap((application) => (application.order_id ? [application.order_id] : []))
  )
  // An application with no order (a contract exception, an unsigned one) shows the cart's customer.
  const carts = await cartCustomersForAdmin(
    container,
    applications.flatMap((application) =>
      !application.order_id && application.cart_id ? [application.cart_id] : []
    )
  )
  // The shopper's link to finish an application not signed yet, as the payment session holds it.
  const links = await finishLinksOf(
    container,
    applications.filter((application) => !application.superseded_by_id && awaitsShopper(application.status))
  )
  return {
    applications: applications.map((application): ApplicationListItem => {
      const view = applicationView(application, topLevelStoreCode)
      const actions = [...(application.actions ?? [])].sort((a, b) => time(a.created_at) - time(b.created_at))
      const last = lastChanged(actions)
      return {
        ...view,
        actions: actions.map(actionView),
        order: application.order_id
          ? (orders.get(application.order_id) ?? {
              id: application.order_id,
              display_id: null,
              customer_name: null,
              email: null,
            })
          : null,
        finish_link:
          application.public_id && !application.superseded_by_id && awaitsShopper(application.status)
            ? (links.get(application.public_id) ?? null)
            : null,
        cart_customer: application.cart_id ? (carts.get(application.cart_id) ?? null) : null,
        last_action: last ? actionView(last) : null,
        attention: attentionView(application, view, actions),
      }
    }),
    count,
    limit: query.limit,
    offset: query.offset,
  }
}
