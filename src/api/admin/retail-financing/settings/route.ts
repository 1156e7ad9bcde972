import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { SettingsResponse } from "../../../../domain/admin-api/types"
import { financingSettingsView } from "../../../../queries/admin-settings"

/** The settings page: the store's configuration, partners, return reasons, carriers, and whether it is the sandbox. */
export async function GET(req: MedusaRequest, res: MedusaResponse<SettingsResponse>) {
  res.json(await financingSettingsView(req.scope))
}
