import { WorkflowResponse, createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"

import { markFinancingSessionStep } from "./steps/mark-financing-session"
import { recordFinancingApplicationStep } from "./steps/record-financing-application"
import { sendFinancingActionsStep } from "./steps/send-financing-actions"
import { type ReadFinancingSessionInput, readFinancingSessionStep } from "./steps/read-financing-session"

export const syncFinancingSessionWorkflowId = "retail-financing-sync-session"

/**
 * Reads one financing payment session and its application's status at the service, decides what Medusa
 * must do, and records a decline, an expiry or an error on the session (Medusa then refuses to complete the
 * cart with it, and the storefront can offer another way to pay). Authorizing and capturing are left to
 * Medusa's own processPaymentWorkflow, run by the caller with the decided action.
 */
export const syncFinancingSessionWorkflow = createWorkflow(
  syncFinancingSessionWorkflowId,
  (input: ReadFinancingSessionInput) => {
    const state = readFinancingSessionStep(input)
    const releasedActionIds = recordFinancingApplicationStep({ state })
    sendFinancingActionsStep({ action_ids: releasedActionIds })

    when("mark-declined-expired-or-progress", { state }, ({ state }) =>
      ["fail", "cancel", "record"].includes(state.action)
    ).then(() => {
      markFinancingSessionStep(
        transform({ state }, ({ state }) => ({
          state,
          status:
            state.action === "fail"
              ? ("error" as const)
              : state.action === "cancel"
                ? ("canceled" as const)
                : state.session_status,
        }))
      )
    })

    return new WorkflowResponse(state)
  }
)
