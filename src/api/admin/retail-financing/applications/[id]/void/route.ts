import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { voidFinancingContractWorkflow } from "../../../../../../workflows/merchant/workflows/void-financing-contract"
import { requireApplication } from "../../../require-existing"
import { sendAndViewApplication } from "../../../send-and-view"

/**
 * "Void at the service": a whole-contract return request for a signed contract that has no order (an open
 * exception). The exception is marked voided; the request's own state is among the returned actions. 404
 * for an unknown application.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await requireApplication(req.scope, req.params.id)
  const { result } = await voidFinancingContractWorkflow(req.scope).run({
    input: { application_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json(await sendAndViewApplication(req.scope, req.params.id, result.action_ids))
}
