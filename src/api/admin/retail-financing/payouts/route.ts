import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { PayoutsResponse } from "../../../../domain/admin-api/types"
import { listPayouts, payoutsCsv } from "../../../../queries/list-payouts"
import type { AdminGetFinancingPayouts } from "./validators"

/**
 * The lender's payments matched to orders, newest first: each as last reported (day, status, transfer id,
 * wire reference, amount) beside the order, invoice, in-store payment, Medusa's captured and refunded, and
 * the difference with its reasons; `totals` of all selected rows. `?from`, `to` (`YYYY-MM-DD`), `status`,
 * `store_code`, `limit`, `offset`; `format=csv`: every selected row, `text/csv`.
 */
export async function GET(
  req: MedusaRequest<unknown, AdminGetFinancingPayouts>,
  res: MedusaResponse<PayoutsResponse>
) {
  const { format, ...query } = req.validatedQuery
  if (format === "csv") {
    const csv = await payoutsCsv(req.scope, query)
    const range = [query.from ?? "start", query.to ?? "today"].join("-to-")
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="retail-financing-payouts-${range}.csv"`)
    res.status(200).send(csv as never)
    return
  }
  res.json(await listPayouts(req.scope, query))
}
