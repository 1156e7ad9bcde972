import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { ApplicationsListResponse } from "../../../../domain/admin-api/types"
import { listFinancingApplications } from "../../../../queries/list-financing-applications"
import { followLenderOnView } from "../../../../workflows/checkout/utils/follow-lender-on-view"
import type { AdminGetFinancingApplications } from "./validators"

/**
 * The store's financing applications, newest first, each with its order (number, customer's name and email),
 * last action and why it needs attention: `?status`, `needs_attention=true|false`,
 * `exception=open|resolved|none|any`, `store_code` (one location's), `q` (a ledger id, public id, cart id, order id, order number such as
 * `1042` or `#1042`, the service's application number, or a phone: every application whose cart or order has it), `limit` (at most 100) and `offset`. The page's contracts awaiting funding or a return's
 * settlement are read at the service first, at most once a minute per application.
 */
export async function GET(
  req: MedusaRequest<unknown, AdminGetFinancingApplications>,
  res: MedusaResponse<ApplicationsListResponse>
) {
  const listed = await listFinancingApplications(req.scope, req.validatedQuery)
  // The page's contracts awaiting funding or a return's settlement are read at the service (at most once a
  // minute each); the page is then listed as those reads left the ledger.
  const read = await followLenderOnView(req.scope, listed.applications)
  res.json(read > 0 ? await listFinancingApplications(req.scope, req.validatedQuery) : listed)
}
