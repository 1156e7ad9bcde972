import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { exceptionEvents } from "../../../domain/events/financing-events"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface RecordRepairedOrderInput {
  application_id: string
  order_id: string
}

/**
 * After an order that had lost its payment (Medusa stopped between creating the order and authorizing it)
 * was authorized: links it to the application in the ledger. Answers the order, whose order_placed actions
 * the sync's caller records and sends once the sync has ended (what order.placed would have done, since that
 * event may have been lost with the process; recording is idempotent, one per cause, so an order.placed
 * that did arrive adds nothing).
 */
export const recordRepairedOrderStep = createStep(
  "record-repaired-order",
  async ({ application_id, order_id }: RecordRepairedOrderInput, { container }) => {
    const { application, closedException } = await container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .ledger.recordCompletion(application_id, order_id)
    // A completion_failed exception this write closed is told once, by the sync.
    const resolved = exceptionEvents(application, application.exception_reason ?? "", closedException)
    return new StepResponse({ order_id, resolved })
  }
)
