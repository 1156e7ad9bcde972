import type { MedusaContainer } from "@medusajs/framework/types"

import type { FinancingClient } from "../../../../lib/financing/client"
import type { RetailFinancingOptions } from "../../../../config/options"
import type { CreatedApplication, LedgerAction } from "../../../../modules/retail-financing"

/** Everything one send needs: where to read Medusa's data, the client, the options and the records. */
export interface PerformContext {
  container: MedusaContainer
  client: FinancingClient
  options: Readonly<RetailFinancingOptions>
  application: CreatedApplication
  action: LedgerAction
}

/** What the service said, for the merchant's history. */
export interface PerformResult {
  result: string | null
}

/** The service or Medusa's data refused the action in a way only a person can fix. */
export class ActionRefusedError extends Error {
  override name = "ActionRefusedError"
}
