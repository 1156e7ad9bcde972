import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { listFinancingApplications } from "../../../../workflows/merchant/list-financing-applications"
import type { AdminGetFinancingApplications } from "./validators"

/**
 * The store's financing applications, newest first: `?exception=open|resolved|none|any`, `status`, `q` (an
 * exact ledger id, public id, cart id or order id), `limit` (at most 100) and `offset`.
 */
export async function GET(req: MedusaRequest<unknown, AdminGetFinancingApplications>, res: MedusaResponse) {
  res.json(await listFinancingApplications(req.scope, req.validatedQuery))
}
