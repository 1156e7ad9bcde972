import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { retryFinancingActionWorkflow } from "../../../../../../workflows/merchant/retry-financing-action"

/** A merchant's retry of a failed action (after fixing what the service refused), sent at once. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await retryFinancingActionWorkflow(req.scope).run({
    input: { action_id: req.params.id },
  })
  res.json({ action: result })
}
