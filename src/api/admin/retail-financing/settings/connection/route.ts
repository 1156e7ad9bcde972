import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import type { ConnectionTestResponse } from "../../../../../domain/admin-api/types"
import { financingConnectionTest } from "../../../../../queries/admin-settings"
import type { AdminGetConnectionTest } from "./validators"

/**
 * "Test connection" of one store code (`?store_code=`, the top-level one by default): asks the service now
 * for a new token with that location's credentials (never the cached one) and reads its partners with it,
 * without retries; `{ connection: { ok, message, latency_ms, checked_at, failed_step } }`. A failing
 * service is an answer here (200 with `ok: false` and what failed), not an error of the route.
 */
export async function GET(
  req: MedusaRequest<unknown, AdminGetConnectionTest>,
  res: MedusaResponse<ConnectionTestResponse>
) {
  const storeCode = req.validatedQuery?.store_code
  const connection = await financingConnectionTest(req.scope, storeCode)
  if (!connection) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `store_code ${storeCode} is not one of the plugin's store codes (storeCode and locations).`
    )
  }
  res.json({ connection })
}
