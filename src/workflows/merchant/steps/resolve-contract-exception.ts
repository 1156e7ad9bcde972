import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import type { ExceptionResolution } from "../../../domain/checkout/contract-exceptions"
import { exceptionEvents } from "../../../domain/events/financing-events"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

export interface ResolveContractExceptionInput {
  application_id: string
  resolution: ExceptionResolution
  /** The admin user who resolved it. */
  resolved_by: string
}

/**
 * Closes an application's open exception; reopened if the workflow fails after it. Returns the exception's
 * resolved event: the ledger refuses a second resolution, so an exception is resolved (and told) once.
 */
export const resolveContractExceptionStep = createStep(
  "resolve-contract-exception",
  async (input: ResolveContractExceptionInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.ledger.resolveException(
      input.application_id,
      input.resolution,
      input.resolved_by
    )
    const events = exceptionEvents(application, application.exception_reason ?? "", true)
    return new StepResponse(events, input.application_id)
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
