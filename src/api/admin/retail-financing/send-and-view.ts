import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { actionView, applicationView } from "../../../queries/admin-views"
import { sendFinancingActions } from "../../../workflows/post-sale/utils/send-actions"

/*
 * A merchant's request is recorded by its workflow and sent at once, after the workflow has ended (a failed
 * send never undoes the recording); the answer is what the ledger holds after the send.
 */

/** Sends the recorded actions; answers the first as it stands now, or null when nothing was recorded. */
export async function sendAndViewAction(scope: MedusaContainer, actionIds: readonly string[]) {
  await sendFinancingActions(scope, actionIds)
  const [first] = actionIds
  if (!first) return null
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  return actionView(await financing.retrieveFinancingAction(first))
}

/** Sends the recorded actions; answers the application and all its actions as they stand now. */
export async function sendAndViewApplication(
  scope: MedusaContainer,
  applicationId: string,
  actionIds: readonly string[]
) {
  await sendFinancingActions(scope, actionIds)
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const application = await financing.retrieveFinancingApplication(applicationId)
  const actions = await financing.actions.ofApplication(application.id)
  return {
    application: applicationView(application, financing.getOptions().storeCode),
    actions: actions.map(actionView),
  }
}
