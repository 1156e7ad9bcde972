import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { financingSettingsView } from "../../../../workflows/post-sale/admin-settings"

/** The settings page: connection test, partners, return reasons, carriers, and whether it is the sandbox. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await financingSettingsView(req.scope))
}
