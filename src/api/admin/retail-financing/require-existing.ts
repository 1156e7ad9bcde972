import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/*
 * An admin route's id that names nothing is a 404 with a sentence, checked before anything runs. Left to
 * the workflow, the same id failed deep inside with the ledger model's own wording
 * ("RetailFinancingAction with id: … was not found"), or, for an order, answered as if the order existed.
 */

const notFound = (sentence: string) => new MedusaError(MedusaError.Types.NOT_FOUND, sentence)

export async function requireOrder(scope: MedusaContainer, orderId: string): Promise<void> {
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id"],
    filters: { id: orderId },
  })
  if (data.length === 0) throw notFound(`There is no order ${orderId}.`)
}

export async function requireApplication(scope: MedusaContainer, applicationId: string): Promise<void> {
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const [application] = await financing.listFinancingApplications({ id: applicationId }, { take: 1 })
  if (!application) throw notFound(`There is no financing application ${applicationId}.`)
}

export async function requireAction(scope: MedusaContainer, actionId: string): Promise<void> {
  const financing = scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const [action] = await financing.listFinancingActions({ id: actionId }, { take: 1 })
  if (!action) throw notFound(`There is no financing action ${actionId}.`)
}
