import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { SettingsResponse } from "../../../../domain/admin-api/types"
import { financingSettingsView } from "../../../../queries/admin-settings"

/**
 * The settings page: the store's configuration, each location (store code, sales channels, limits, whether
 * it has credentials of its own, never them) with its partners, the return reasons, carriers, and whether it
 * is the sandbox.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<SettingsResponse>) {
  res.json(await financingSettingsView(req.scope))
}
