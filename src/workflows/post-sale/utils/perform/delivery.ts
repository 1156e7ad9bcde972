import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  FINANCING_FULFILLMENT_FIELDS,
  type FinancingFulfillment,
  deliveryInformationFor,
} from "../../../../domain/post-sale/delivery-information"
import { ActionRefusedError, type PerformContext, type PerformResult } from "./context"

export type DeliveryPayload = {
  fulfillment_id: string
}

/**
 * Endpoint 9. The fulfillment is read when the action is sent, not when it was recorded, so a merchant who
 * fixes an address the service could not take and retries sends the corrected one.
 */
export async function performDelivery({
  container,
  client,
  options,
  application,
  action,
}: PerformContext): Promise<PerformResult> {
  const { fulfillment_id } = action.payload as unknown as DeliveryPayload
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: FINANCING_FULFILLMENT_FIELDS,
    filters: { id: fulfillment_id },
  })
  const fulfillment = data[0] as FinancingFulfillment | undefined
  if (!fulfillment) throw new ActionRefusedError(`fulfillment ${fulfillment_id} no longer exists`)
  const built = deliveryInformationFor(fulfillment, options)
  if (!built.ok) {
    throw new ActionRefusedError(
      built.problems.map((problem) => `${problem.field} ${problem.message}`).join("; ")
    )
  }
  const answer = await client.addDeliveryInformation(application.public_id, built.delivery)
  if (answer.outcome !== "created") throw new ActionRefusedError(`the service answered "${answer.status}"`)
  const { method, carrier, trackingNumber } = built.delivery
  const details = [method, carrier, trackingNumber].filter(Boolean).join(", ")
  return { result: `${answer.status} (${details})` }
}
