import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"

/** At most this many per run, so one run ends well before the next starts even with a slow service. */
const BATCH = 50

/** Ids of actions a sender should take now: due pending ones and abandoned sends. */
export const listDueFinancingActionsStep = createStep(
  "list-due-financing-actions",
  async (_: void, { container }) =>
    new StepResponse({
      action_ids: await container
        .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
        .dueActionIds(BATCH),
    })
)
