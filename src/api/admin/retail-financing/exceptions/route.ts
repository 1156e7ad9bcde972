import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { listFinancingApplications } from "../../../../queries/list-financing-applications"

/** Open exceptions (signed contracts with no order), newest first, each with what to do; at most 100. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { applications, count } = await listFinancingApplications(req.scope, {
    exception: "open",
    limit: 100,
    offset: 0,
  })
  // What happened and what to do, nothing of the shopper: the applications page shows the cart's customer.
  res.json({
    exceptions: applications.map((application) => ({ ...application, cart_customer: null })),
    count,
  })
}
