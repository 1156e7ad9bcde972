import type { MedusaContainer } from "@medusajs/framework/types"

import type { MerchantReturnType } from "../../../domain/post-sale/merchant-return"
import type { ActionRecordInput, RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { FinancedOrder } from "../financed-order"

/** What in Medusa asks the service to hear something. */
export type PostSaleCause =
  | { type: "order_placed"; order_id: string }
  | { type: "fulfillment_created"; order_id: string; fulfillment_id: string }
  | { type: "fulfillment_handed_over"; fulfillment_id: string }
  | { type: "return_received"; order_id: string; return_id: string }
  | { type: "payment_refunded"; payment_id: string }
  | { type: "order_canceled"; order_id: string }
  | { type: "order_edited"; order_id: string }
  | { type: "merchant_invoice"; order_id: string; file_id: string; filename: string }
  | { type: "merchant_delivery"; order_id: string }
  | {
      type: "merchant_return"
      order_id: string
      return_type: MerchantReturnType
      amount?: number
      return_reason_id?: string
      reason?: string
    }

export type PostSaleCauseType = PostSaleCause["type"]
export type CauseOf<T extends PostSaleCauseType> = Extract<PostSaleCause, { type: T }>

/** What a cause's planner reads from: Medusa's data and the ledger, through the container. */
export interface PlanningContext<T extends PostSaleCauseType> {
  container: MedusaContainer
  financing: RetailFinancingModuleService
  cause: CauseOf<T>
  financed: FinancedOrder
}

/**
 * One cause's rules: which order it concerns, and the actions it asks the ledger to record (none when
 * there is nothing to tell). Planning reads but never writes; the workflow records what it returns.
 */
export interface CausePlanner<T extends PostSaleCauseType> {
  /** The order the cause is about, or null when it is not about an order Medusa still has. */
  orderOf(cause: CauseOf<T>, container: MedusaContainer): Promise<string | null>
  /** A merchant's request about an order not paid with financing is an error, not a silent no-op. */
  requiresFinancing?: boolean
  plan(context: PlanningContext<T>): Promise<ActionRecordInput[]>
}

/** The order id a cause carries itself. */
export const orderIdOfCause = async (cause: { order_id: string }) => cause.order_id
