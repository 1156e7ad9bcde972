import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { listFinancingApplications } from "../../../../queries/list-financing-applications"

/** Open exceptions (signed contracts with no order), newest first, each with what to do; at most 100. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { applications, count } = await listFinancingApplications(req.scope, {
    exception: "open",
    limit: 100,
    offset: 0,
  })
  res.json({ exceptions: applications, count })
}
