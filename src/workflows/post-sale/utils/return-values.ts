import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type { MedusaReturnReason } from "../../../domain/post-sale/return-reason"

interface ReturnRow {
  items?: { reason?: MedusaReturnReason | null }[]
}

/**
 * The reason a Medusa return gives: its first item's that has one, sent to the service with the return
 * request. What a return is worth is not read here: the plan takes it from the order's total (return-plan.ts).
 */
export async function returnReasonOf(
  container: MedusaContainer,
  returnId: string
): Promise<MedusaReturnReason | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "return",
    fields: ["id", "items.reason.id", "items.reason.value", "items.reason.label"],
    filters: { id: returnId },
  })
  return (data[0] as ReturnRow | undefined)?.items?.find((item) => item.reason)?.reason ?? null
}
