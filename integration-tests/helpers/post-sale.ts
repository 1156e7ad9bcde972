import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../src/modules/retail-financing"
import type { AuthHeaders } from "./admin"
import type { CheckoutSeed } from "./checkout-seed"
import { type FinancingEnvironment, sandboxApplication } from "./financing-environment"

/** What the sandbox keeps of an application's post-sale requests. */
export interface SandboxPostSale {
  status: string
  orderReferences: string[]
  invoices: { filename: string; contentType: string; size: number; download: string }[]
  deliveries: Record<string, unknown>[]
  returnRequests: {
    returnType?: number
    amount?: number
    reason?: string
    agentName?: string
    returnReasonPublicId?: string
  }[]
}

export const postSaleOf = async (financing: FinancingEnvironment, publicId: string) =>
  (await sandboxApplication(financing.sandbox, publicId)) as unknown as SandboxPostSale

export const financingLedger = (container: MedusaContainer) =>
  container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)

/** The ledger's actions for an order's application, oldest first. */
export async function actionsOf(container: MedusaContainer, orderId: string) {
  const ledger = financingLedger(container)
  const [application] = await ledger.listFinancingApplications({ order_id: orderId })
  if (!application) return []
  return ledger.listFinancingActions({ application_id: application.id }, { order: { created_at: "ASC" } })
}

/** Makes every pending retry, and every check of an unknown outcome, due now, as if its backoff had run out. */
export async function makeRetriesDue(container: MedusaContainer, orderId: string): Promise<void> {
  const pending = (await actionsOf(container, orderId)).filter(
    (action) => action.state === "pending" || action.state === "unknown"
  )
  await financingLedger(container).updateFinancingActions(
    pending.map((action) => ({ id: action.id, next_attempt_at: new Date(Date.now() - 1000) }))
  )
}

export async function orderItems(api: AxiosInstance, admin: AuthHeaders, orderId: string) {
  const { data } = await api.get(`/admin/orders/${orderId}`, admin)
  return (data.order.items as { id: string; quantity: number }[]).map((item) => ({
    id: item.id,
    quantity: item.quantity,
  }))
}

/** Fulfils every item of the order from the seed's location and ships it with one tracking number. */
export async function fulfilAndShip(
  api: AxiosInstance,
  admin: AuthHeaders,
  seed: CheckoutSeed,
  orderId: string
): Promise<string> {
  const items = await orderItems(api, admin, orderId)
  const { data } = await api
    .post(
      `/admin/orders/${orderId}/fulfillments?fields=id,fulfillments.id`,
      { items, location_id: seed.stockLocationId },
      admin
    )
    .catch((error: { response?: { data?: unknown } }) => {
      throw new Error(`fulfillment refused: ${JSON.stringify(error.response?.data)}`)
    })
  const fulfillmentId = (data.order.fulfillments as { id: string }[]).at(-1)!.id
  await api.post(
    `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`,
    {
      items,
      labels: [{ tracking_number: "TRACK-123", tracking_url: "https://t.example/1", label_url: "#" }],
    },
    admin
  )
  return fulfillmentId
}

/**
 * The merchant takes back one unit of the order's item of the seed's `variantIndex` through Medusa's own
 * return flow (request, receive, confirm), from the seed's location. Returns what that unit is worth, in
 * cents (its share of the line total: tax and promotion included).
 */
export async function receiveReturnOfOne(
  api: AxiosInstance,
  admin: AuthHeaders,
  seed: CheckoutSeed,
  orderId: string,
  { variantIndex, reasonId }: { variantIndex: number; reasonId?: string }
): Promise<number> {
  const { data: orderData } = await api.get(
    `/admin/orders/${orderId}?fields=total,items.id,items.total,items.quantity,items.variant_id`,
    admin
  )
  const item = (
    orderData.order.items as { id: string; total: number; quantity: number; variant_id: string }[]
  ).find((candidate) => candidate.variant_id === seed.variantIds[variantIndex])
  if (!item) throw new Error(`order ${orderId} has no item of variant ${variantIndex}`)
  const { data: created } = await api.post(
    "/admin/returns",
    { order_id: orderId, location_id: seed.stockLocationId },
    admin
  )
  const returnId = created.return.id as string
  const requested = [{ id: item.id, quantity: 1, ...(reasonId ? { reason_id: reasonId } : {}) }]
  await api.post(`/admin/returns/${returnId}/request-items`, { items: requested }, admin)
  await api.post(`/admin/returns/${returnId}/request`, {}, admin)
  await api.post(`/admin/returns/${returnId}/receive`, {}, admin)
  await api.post(`/admin/returns/${returnId}/receive-items`, { items: [{ id: item.id, quantity: 1 }] }, admin)
  await api.post(`/admin/returns/${returnId}/receive/confirm`, {}, admin)
  return Math.round((item.total * 100) / item.quantity)
}
