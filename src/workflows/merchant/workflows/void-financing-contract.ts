import { emitEventStep } from "@medusajs/medusa/core-flows"
import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { planContractVoidStep } from "../steps/plan-contract-void"
import { recordFinancingActionsStep } from "../../common/steps/record-financing-actions"
import { FINANCING_EVENTS } from "../../../domain/events/financing-events"
import { resolveContractExceptionStep } from "../steps/resolve-contract-exception"

export const voidFinancingContractWorkflowId = "retail-financing-void-contract"

export interface VoidFinancingContractInput {
  application_id: string
  /** The admin user asking. */
  actor_id: string
}

/**
 * "Void at the service" for a signed contract that has no order: records a return request of type Return
 * for the whole contract and marks the exception voided; answers the request's id, which the route sends at
 * once. The request is a post-sale action like any other: if the service cannot be reached it is retried, and if it refuses, the
 * merchant sees why on the application and can retry it.
 */
export const voidFinancingContractWorkflow = createWorkflow(
  voidFinancingContractWorkflowId,
  (input: VoidFinancingContractInput) => {
    const action = planContractVoidStep(input)
    const toSend = recordFinancingActionsStep(transform({ action }, ({ action }) => ({ actions: [action] })))
    const resolved = resolveContractExceptionStep(
      transform({ input }, ({ input }) => ({
        application_id: input.application_id,
        resolution: "voided" as const,
        resolved_by: input.actor_id,
      }))
    )
    emitEventStep({ eventName: FINANCING_EVENTS.exceptionResolved, data: resolved }).config({
      name: "emit-exception-resolved",
    })
    return new WorkflowResponse({ action_ids: toSend })
  }
)
