import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { type PostSaleCause, recordPostSaleCause } from "../post-sale/record-cause"

/**
 * Records, before anything is sent, the actions a cause asks for. Undone if the workflow fails after it, so
 * a rerun of the same event records them again rather than finding half a record.
 */
export const recordPostSaleActionsStep = createStep(
  "record-post-sale-actions",
  async (input: { cause: PostSaleCause }, { container }) => {
    const actions = await recordPostSaleCause(container, input.cause)
    const ids = actions.map((action) => action.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    await container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).deleteFinancingActions(ids)
  }
)
