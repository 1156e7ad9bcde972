import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { actionView } from "../../../queries/admin-views"

/** The admin's view of an action as it is now (after its send), or null when there is none. */
export const viewFinancingActionStep = createStep(
  "view-financing-action",
  async ({ action_id }: { action_id: string | null }, { container }) => {
    if (!action_id) return new StepResponse(null)
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    return new StepResponse(actionView(await financing.retrieveFinancingAction(action_id)))
  }
)
