import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import {
  type ActionRecordInput,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../modules/retail-financing"
import { type PostSaleCause, plannerOf } from "../utils/causes"
import type { FinancedOrder } from "../utils/financed-order"

/** The actions the cause asks for, by its own planner; nothing for an order not paid with financing. */
export const planPostSaleActionsStep = createStep(
  "plan-post-sale-actions",
  async ({ cause, financed }: { cause: PostSaleCause; financed: FinancedOrder | null }, { container }) => {
    if (!financed) return new StepResponse<ActionRecordInput[]>([])
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const planned = await plannerOf(cause).plan({ container, financing, cause, financed })
    return new StepResponse(planned)
  }
)
