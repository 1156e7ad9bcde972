import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { isSenderGone } from "../../../modules/retail-financing/sender-identity"

/** At most this many per run, so one run ends well before the next starts even with a slow service. */
const BATCH = 50

/**
 * Ids of actions a sender should take now: due pending ones, due checks of unknown outcomes and abandoned
 * sends. A send whose process is known gone (killed mid-send: see sender-identity.ts) is taken now rather
 * than when its five-minute lease ends; it is taken as a check, so a return is never sent again blindly.
 */
export const listDueFinancingActionsStep = createStep(
  "list-due-financing-actions",
  async (_: void, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    for (const held of await financing.actions.held(BATCH)) {
      if (isSenderGone(held.sender as never))
        await financing.actions.expireLeaseOfGoneSender(held.id, held.sender)
    }
    return new StepResponse({ action_ids: await financing.actions.dueIds(BATCH) })
  }
)
