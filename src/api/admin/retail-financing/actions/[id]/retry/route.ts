import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { retryFinancingActionWorkflow } from "../../../../../../workflows/merchant/workflows/retry-financing-action"
import { requireAction } from "../../../require-existing"
import { sendAndViewAction } from "../../../send-and-view"

/**
 * A merchant's retry of a failed action (after fixing what the service refused), sent at once; 404 for an
 * unknown action.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  await requireAction(req.scope, req.params.id)
  await retryFinancingActionWorkflow(req.scope).run({ input: { action_id: req.params.id } })
  res.json({ action: await sendAndViewAction(req.scope, [req.params.id]) })
}
