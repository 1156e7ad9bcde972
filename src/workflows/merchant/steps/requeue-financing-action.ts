import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/** Makes a failed action due again (refusing any other); undone, back to failed, if the workflow fails. */
export const requeueFinancingActionStep = createStep(
  "requeue-financing-action",
  async ({ action_id }: { action_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    await financing.actions.requeue(action_id)
    return new StepResponse(action_id, action_id)
  },
  async (actionId, { container }) => {
    if (!actionId) return
    // A send that began keeps its own outcome; only an action still waiting for it goes back.
    await container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).actions.unrequeue(actionId)
  }
)
