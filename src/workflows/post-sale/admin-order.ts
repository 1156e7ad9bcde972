import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { actionView, applicationView } from "./admin-views"

/** The order's financing as the admin widget shows it, or null for an order not paid with financing. */
export async function orderFinancingView(container: MedusaContainer, orderId: string) {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const application = await financing.findApplication({ order_id: orderId })
  if (!application) return null
  const actions = await financing.listFinancingActions(
    { application_id: application.id },
    { order: { created_at: "DESC" } }
  )
  return { application: applicationView(application), actions: actions.map(actionView) }
}
