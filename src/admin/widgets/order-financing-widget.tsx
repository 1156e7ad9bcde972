import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"

import { LoadError } from "../components/order-financing/load-error"
import { OrderFinancingDetails } from "../components/order-financing/order-financing-details"
import { requestErrorMessage } from "../components/order-financing/action-toast"
import { useOrderFinancing, useReturnReasons } from "../hooks/order-financing"

/**
 * The details of an order's financing (contract, lender's payment, books, what was sent, the merchant's
 * actions), below the order's own sections; the status card in the side column shares its query. Shown only
 * on financed orders.
 */
const OrderFinancingWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, error, isFetching, refetch } = useOrderFinancing(order)
  const financing = data?.financing
  // A return's reason is one of the lender's: its words are read only when a return names one.
  const namesReason = Boolean(financing?.actions.some((action) => action.return_request?.return_reason_id))
  const reasons = useReturnReasons(namesReason)

  if (financing) {
    return (
      <OrderFinancingDetails
        orderId={order.id}
        financing={financing}
        facts={{ fulfillments: order.fulfillments ?? [] }}
        context={{
          fulfillments: order.fulfillments ?? [],
          returnReasons: reasons.data?.return_reasons,
          orderDisplayId: order.display_id,
        }}
      />
    )
  }
  // A failure other than "no such order" is worth a line: hiding it would make a financed order look like a
  // plain one. Said here only, not on the status card too.
  if (error && error.status !== 404) {
    return (
      <LoadError
        message={requestErrorMessage(error)}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    )
  }
  // Most orders are not financed; nothing shows while loading either, so their page looks as before.
  return null
}

export const config = defineWidgetConfig({
  zone: "order.details.after",
  id: "retail-financing:order-financing",
})

export default OrderFinancingWidget
