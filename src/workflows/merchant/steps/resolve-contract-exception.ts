import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { ExceptionResolution } from "../../../domain/checkout/contract-exceptions"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface ResolveContractExceptionInput {
  application_id: string
  resolution: ExceptionResolution
  /** The admin user who resolved it. */
  resolved_by: string
}

/** Closes an application's open exception; reopened if the workflow fails after it. */
export const resolveContractExceptionStep = createStep(
  "resolve-contract-exception",
  async (input: ResolveContractExceptionInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    await financing.ledger.resolveException(input.application_id, input.resolution, input.resolved_by)
    return new StepResponse(undefined, input.application_id)
  },
  async (applicationId, { container }) => {
    if (!applicationId) return
    await container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .updateFinancingApplications({
        id: applicationId,
        exception_resolution: null,
        exception_resolved_at: null,
        exception_resolved_by: null,
      })
  }
)
