import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { recordPostSaleActionsWorkflow } from "../record-post-sale-actions"
import { actionView, applicationView } from "./admin-views"
import type { PostSaleCause } from "./record-cause"

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

/** Runs a merchant's request from the admin and answers the action it recorded, as sent (or not) just now. */
export async function runMerchantCause(container: MedusaContainer, cause: PostSaleCause) {
  const { result } = await recordPostSaleActionsWorkflow(container).run({ input: { cause } })
  const [id] = result.action_ids
  if (!id) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "There was nothing to send for this order.")
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  return actionView(await financing.retrieveFinancingAction(id))
}
