import type { PerformContext, PerformResult } from "./context"

export interface OrderReferencesPayload {
  orders: string[]
}

/** Endpoint 10: the order's display number and id, so the lender can find the order either way. */
export async function performOrderReferences({
  client,
  application,
  action,
}: PerformContext): Promise<PerformResult> {
  const { orders } = action.payload as unknown as OrderReferencesPayload
  await client.addOrderReferences(application.public_id, orders)
  return { result: `attached ${orders.join(", ")}` }
}
