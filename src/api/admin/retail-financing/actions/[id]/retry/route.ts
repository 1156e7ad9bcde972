import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../../modules/retail-financing"
import { actionView } from "../../../../../../workflows/post-sale/admin-views"
import { sendFinancingActionsWorkflow } from "../../../../../../workflows/send-financing-actions"

/** A merchant's retry of a failed action (after fixing what the service refused), sent at once. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const action = await financing.retrieveFinancingAction(req.params.id)
  if (action.state !== "failed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Only a failed action can be retried; this one is ${action.state}.`
    )
  }
  await financing.updateFinancingActions({ id: action.id, state: "pending", next_attempt_at: new Date() })
  await sendFinancingActionsWorkflow(req.scope).run({ input: { action_ids: [action.id] } })
  res.json({ action: actionView(await financing.retrieveFinancingAction(action.id)) })
}
