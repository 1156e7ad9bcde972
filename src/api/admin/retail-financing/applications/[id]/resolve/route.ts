import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { resolveFinancingExceptionWorkflow } from "../../../../../../workflows/merchant/workflows/resolve-financing-exception"
import { requireApplication } from "../../../require-existing"

/**
 * "Mark resolved": the merchant settled a signed contract that has no order outside the store; 404 for an
 * unknown application.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await requireApplication(req.scope, req.params.id)
  const { result } = await resolveFinancingExceptionWorkflow(req.scope).run({
    input: { application_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json(result)
}
