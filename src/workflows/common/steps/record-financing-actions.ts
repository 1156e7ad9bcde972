import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import {
  type ActionRecordInput,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../modules/retail-financing"

/**
 * Records planned actions in the ledger, once per cause, before anything is sent. Returns the ids of those
 * this run created and may send now (a return queued behind another waits). Undone if the workflow fails
 * after it, so a rerun of the same event records them again rather than finding half a record.
 */
export const recordFinancingActionsStep = createStep(
  "record-financing-actions",
  async ({ actions }: { actions: ActionRecordInput[] }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const created: string[] = []
    const toSend: string[] = []
    for (const input of actions) {
      const recorded = await financing.actions.record(input)
      if (!recorded.created) continue
      created.push(recorded.action.id)
      if (recorded.action.state === "pending") toSend.push(recorded.action.id)
    }
    return new StepResponse(toSend, created)
  },
  async (created, { container }) => {
    if (!created?.length) return
    await container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).actions.unrecord(created)
  }
)
