import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/**
 * Longer than one send with the client's own retries; a sender that dies leaves the action to the job after,
 * or sooner when its process is known gone (list-due-financing-actions.ts).
 */
export const SEND_LEASE_MS = 5 * 60_000

/**
 * Takes the action for this run if it is due and no one else is sending it (one UPDATE decides). Undone
 * (the lease given back, due again) if the workflow fails before the outcome is recorded.
 */
export const claimFinancingActionStep = createStep(
  "claim-financing-action",
  async ({ action_id }: { action_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const claimed = await financing.actions.claim(action_id, SEND_LEASE_MS)
    return new StepResponse(claimed, claimed ? action_id : undefined)
  },
  async (actionId, { container }) => {
    if (!actionId) return
    // An attempt that may have reached the service stays to be checked, never plainly due again.
    await container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).actions.giveBack(actionId)
  }
)
