import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"

import { StatusCard } from "../components/order-financing/status-card"
import { useOrderFinancing } from "../hooks/order-financing"

/**
 * A compact card in the order page's side column: the financing's status, its money and what needs the
 * merchant. Shares its query with the details widget; shown only on financed orders.
 */
const OrderFinancingStatusWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data } = useOrderFinancing(order)
  const financing = data?.financing
  if (!financing) return null
  return <StatusCard financing={financing} facts={{ fulfillments: order.fulfillments ?? [] }} />
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
  id: "retail-financing:order-financing-status",
})

export default OrderFinancingStatusWidget
