import { emitEventStep } from "@medusajs/medusa/core-flows"
import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { FINANCING_EVENTS } from "../../../domain/events/financing-events"
import { resolveContractExceptionStep } from "../steps/resolve-contract-exception"
import { viewFinancingApplicationStep } from "../steps/view-financing-application"

export const resolveFinancingExceptionWorkflowId = "retail-financing-resolve-exception"

/** "Mark resolved": the merchant settled a signed contract with no order outside the store. */
export const resolveFinancingExceptionWorkflow = createWorkflow(
  resolveFinancingExceptionWorkflowId,
  (input: { application_id: string; actor_id: string }) => {
    const resolved = resolveContractExceptionStep(
      transform({ input }, ({ input }) => ({
        application_id: input.application_id,
        resolution: "resolved" as const,
        resolved_by: input.actor_id,
      }))
    )
    emitEventStep({ eventName: FINANCING_EVENTS.exceptionResolved, data: resolved }).config({
      name: "emit-exception-resolved",
    })
    return new WorkflowResponse(viewFinancingApplicationStep(input))
  }
)
