import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { recordPostSaleActionsWorkflow } from "../workflows/record-post-sale-actions"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import type { PostSaleCause } from "./causes"
import { sendFinancingActions } from "./send-actions"

/**
 * What every post-sale subscriber does with its event: records what the cause asks for, then sends it. A
 * failure to even record is logged, not thrown: the event bus would only retry the handler, and Medusa's own
 * work (the order, the refund) is done. A failed send is the send loop's to log (see send-actions.ts).
 */
export async function runPostSale(container: MedusaContainer, cause: PostSaleCause): Promise<void> {
  let actionIds: string[]
  try {
    const { result } = await recordPostSaleActionsWorkflow(container).run({ input: { cause } })
    actionIds = result.action_ids
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `retail-financing: could not record ${cause.type} ${JSON.stringify(cause)}: ${describeFailure(error)}`
      )
    return
  }
  await sendFinancingActions(container, actionIds)
}
