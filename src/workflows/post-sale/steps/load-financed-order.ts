import { MedusaError } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { type FinancedOrder, financedOrder } from "../utils/financed-order"

/**
 * The order's financing payment and ledger record, or null when it was not paid with financing (an error
 * when `required`: a merchant asked for something about it). The ledger record it creates for an order
 * from before the ledger existed is kept whatever happens next: it only mirrors the payment.
 */
export const loadFinancedOrderStep = createStep(
  "load-financed-order",
  async ({ order_id, required }: { order_id: string | null; required: boolean }, { container }) => {
    const financed = order_id ? await financedOrder(container, order_id) : null
    if (!financed && required) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Order ${order_id} was not paid with retail financing.`
      )
    }
    return new StepResponse<FinancedOrder | null>(financed)
  }
)
