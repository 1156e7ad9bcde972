import { ModuleProvider, Modules } from "@medusajs/framework/utils"

import { RetailFinancingProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [RetailFinancingProviderService],
})
