import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { recordPostSaleActionsWorkflow } from "../workflows/record-post-sale-actions"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import type { PostSaleCause } from "./causes"

/**
 * What every post-sale subscriber does with its event. A failure to even record is logged, not thrown:
 * the event bus would only retry the handler, and Medusa's own work (the order, the refund) is done.
 */
export async function runPostSale(container: MedusaContainer, cause: PostSaleCause): Promise<void> {
  try {
    await recordPostSaleActionsWorkflow(container).run({ input: { cause } })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `retail-financing: could not record ${cause.type} ${JSON.stringify(cause)}: ${describeFailure(error)}`
      )
  }
}
