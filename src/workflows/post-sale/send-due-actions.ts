import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { sendFinancingActionsWorkflow } from "../send-financing-actions"
import type { SendOutcome } from "./send-action"

/** At most this many per run, so one run ends well before the next starts even with a slow service. */
const BATCH = 50

/**
 * Sends every action that is due: those retried after backoff, those a merchant retried, returns released
 * when the one before settled, and those a server stopped sending when it went down. The ledger in
 * PostgreSQL is the only memory this needs, so a restart loses nothing.
 */
export async function sendDueActions(container: MedusaContainer): Promise<Record<string, SendOutcome>> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const ids = await financing.dueActionIds(BATCH)
  if (ids.length === 0) return {}
  const { result } = await sendFinancingActionsWorkflow(container).run({ input: { action_ids: ids } })
  return result
}
