import { fulfillmentCreated } from "./fulfillment-created"
import { fulfillmentHandedOver } from "./fulfillment-handed-over"
import { merchantDelivery } from "./merchant-delivery"
import { merchantInvoice } from "./merchant-invoice"
import { merchantReturn } from "./merchant-return"
import { orderEdited } from "./order-edited"
import { orderPlaced } from "./order-placed"
import { orderCanceled, paymentRefunded, returnReceived } from "./return-causes"
import type { CausePlanner, PostSaleCause, PostSaleCauseType } from "./types"

export type { PostSaleCause, PostSaleCauseType } from "./types"

/** Every cause and its rules: a new cause is one planner file and one line here. */
const PLANNERS: { [T in PostSaleCauseType]: CausePlanner<T> } = {
  order_placed: orderPlaced,
  fulfillment_created: fulfillmentCreated,
  fulfillment_handed_over: fulfillmentHandedOver,
  return_received: returnReceived,
  payment_refunded: paymentRefunded,
  order_canceled: orderCanceled,
  order_edited: orderEdited,
  merchant_invoice: merchantInvoice,
  merchant_delivery: merchantDelivery,
  merchant_return: merchantReturn,
}

export function plannerOf(cause: PostSaleCause): CausePlanner<PostSaleCauseType> {
  return PLANNERS[cause.type] as unknown as CausePlanner<PostSaleCauseType>
}
