import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { ConnectionTestResponse } from "../../../../../domain/admin-api/types"
import { financingConnectionTest } from "../../../../../queries/admin-settings"

/**
 * "Test connection": asks the service now for a new token (never the cached one) and reads the store's
 * partners with it, without retries; `{ connection: { ok, message, latency_ms, checked_at, failed_step } }`.
 * A failing service is an answer here (200 with `ok: false` and what failed), not an error of the route.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<ConnectionTestResponse>) {
  res.json({ connection: await financingConnectionTest(req.scope) })
}
