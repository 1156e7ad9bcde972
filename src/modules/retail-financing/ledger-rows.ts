import { MedusaService } from "@medusajs/framework/utils"

import { FinancingAction } from "./models/financing-action"
import { FinancingApplication } from "./models/financing-application"

/**
 * Medusa's generated methods for the ledger's two tables (list, retrieve, create, update, delete of
 * applications and actions). The module's service extends it; its parts (the application ledger, the action
 * queue) are given the service itself, typed as only the rows they own.
 */
export const LedgerRows = MedusaService({ FinancingApplication, FinancingAction })

export type LedgerRowMethods = InstanceType<typeof LedgerRows>

/** The application rows, as the application ledger reads and writes them. */
export type ApplicationRows = Pick<
  LedgerRowMethods,
  | "listFinancingApplications"
  | "createFinancingApplications"
  | "updateFinancingApplications"
  | "retrieveFinancingApplication"
>

/** The action rows: only the action queue writes them. */
export type ActionRows = Pick<
  LedgerRowMethods,
  | "listFinancingActions"
  | "createFinancingActions"
  | "updateFinancingActions"
  | "retrieveFinancingAction"
  | "deleteFinancingActions"
>

/** What a part needs to run its own SQL in the module's manager (`@InjectManager` reads `baseRepository_`). */
export interface SharedManager {
  baseRepository?: unknown
}
