import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { toCents } from "../../../domain/money"
import { inStorePaymentRefusal } from "../../../domain/post-sale/in-store-payment"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface MarkInStorePaymentReceivedInput {
  order_id: string
  /** The admin user who marks it. */
  actor_id: string
}

/**
 * Records that the shopper paid the store the contract's in-store payment, refused (404 for an order not
 * paid with financing, 400 naming the rule otherwise) where nothing is owed. Answers whether this run wrote
 * the mark: a second mark keeps the first's time and user. Unmarked again if the workflow fails after it.
 */
export const markInStorePaymentReceivedStep = createStep(
  "mark-in-store-payment-received",
  async (input: MarkInStorePaymentReceivedInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.ledger.findApplication({ order_id: input.order_id })
    if (!application) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Order ${input.order_id} was not paid with retail financing.`
      )
    }
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["status"],
      filters: { id: input.order_id },
    })
    const refusal = inStorePaymentRefusal({
      status: application.status,
      inStoreCents:
        application.total_in_store_payment === null ? null : toCents(application.total_in_store_payment),
      orderCanceled: (data[0] as { status?: string } | undefined)?.status === "canceled",
    })
    if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    const { recorded } = await financing.ledger.markInStorePaymentReceived(application.id, input.actor_id)
    return new StepResponse(
      { recorded },
      // Only a mark this run wrote is undone: an earlier one stands.
      recorded ? application.id : undefined
    )
  },
  async (applicationId, { container }) => {
    if (!applicationId) return
    await container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .updateFinancingApplications({
        id: applicationId,
        in_store_payment_received_at: null,
        in_store_payment_received_by: null,
      })
  }
)
