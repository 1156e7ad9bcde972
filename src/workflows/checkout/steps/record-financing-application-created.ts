import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface RecordFinancingApplicationCreatedInput {
  application_id: string
  public_id: string
}

/**
 * Records the service's public id on the ledger row, and marks the cart's older applications without an
 * order superseded by this one: only the newest application of a cart may complete it. The last step of
 * its workflow, so nothing after it can fail and ask for it to be undone; the application exists at the
 * service from the step before, whatever happens next.
 */
export const recordFinancingApplicationCreatedStep = createStep(
  "record-financing-application-created",
  async (input: RecordFinancingApplicationCreatedInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const superseded = await financing.ledger.recordCreated(input.application_id, input.public_id)
    return new StepResponse(superseded)
  }
)
