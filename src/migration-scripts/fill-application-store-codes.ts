import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"

/**
 * Run once by `medusa db:migrate` after the migration that adds `store_code`: applications recorded before
 * then were all made with the top-level storeCode, which only the plugin's options hold (a migration cannot
 * read them; a migration script runs with the app's container, the module and its options loaded).
 */
export default async function fillApplicationStoreCodes({ container }: { container: MedusaContainer }) {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const filled = await financing.ledger.fillMissingStoreCodes(financing.getOptions().storeCode)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`retail-financing: gave ${filled} earlier application(s) the store code they were made with`)
}
