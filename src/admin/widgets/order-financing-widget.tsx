import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { LoadError } from "../components/order-financing/load-error"
import { OrderFinancingPanel } from "../components/order-financing/order-financing-panel"
import { routes, type OrderFinancingResponse } from "../lib/api"
import { useAdminJson } from "../lib/use-admin-json"

/** The financing of an order (status, contract, funding, what was sent to the service) with the merchant's actions; shown only on financed orders. */
const OrderFinancingWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, error, isFetching, refresh } = useAdminJson<OrderFinancingResponse>(
    routes.orderFinancing(order.id)
  )

  const financing = data?.financing
  if (financing) {
    return (
      <OrderFinancingPanel
        orderId={order.id}
        application={financing.application}
        actions={financing.actions}
        books={financing.books}
        onChanged={refresh}
      />
    )
  }
  // A failure other than "no such financing" is worth a line: hiding it would make a financed order look
  // like a plain one. 404 means the order was never financed, the common case, and shows nothing.
  if (error && error.status !== 404) {
    return <LoadError message={error.message} onRetry={refresh} isRetrying={isFetching} />
  }
  // Most orders are not financed; nothing shows while loading either, so their page looks as before.
  return null
}

export const config = defineWidgetConfig({
  zone: "order.details.after",
  id: "retail-financing:order-financing",
})

export default OrderFinancingWidget
