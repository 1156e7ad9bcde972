import { WorkflowResponse, createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"

import { emitEventStep } from "@medusajs/medusa/core-flows"

import { FINANCING_EVENTS } from "../../../domain/events/financing-events"
import { claimFinancingActionStep } from "../steps/claim-financing-action"
import { type SendOutcome, performFinancingActionStep } from "../steps/perform-financing-action"
import { followSentReturnStep } from "../steps/read-application-status"

export const sendFinancingActionWorkflowId = "retail-financing-send-action"

export interface SendFinancingActionResult {
  outcome: SendOutcome
  /** Returns released by a return the service settled at once: the caller sends them next. */
  released_action_ids: string[]
}

/**
 * Sends one recorded action if it is due and no one else is sending it, and records what happened. A sent
 * return is followed by a status read, which may release the next queued return.
 */
export const sendFinancingActionWorkflow = createWorkflow(
  sendFinancingActionWorkflowId,
  (input: { action_id: string }) => {
    const claimed = claimFinancingActionStep(input)
    const performed = when("claimed-financing-action", { claimed }, ({ claimed }) => claimed).then(() =>
      performFinancingActionStep(input)
    )
    const released = when("sent-a-return", { performed }, ({ performed }) =>
      Boolean(performed && performed.outcome === "sent" && performed.kind === "return")
    ).then(() =>
      followSentReturnStep(
        transform({ performed }, ({ performed }) => ({
          application_id: performed!.application_id,
        }))
      )
    )
    // Released when the workflow ends: an action the service refused, for the merchant, and the status the
    // read after a sent return moved, and the lender's payment that read found new.
    emitEventStep({
      eventName: FINANCING_EVENTS.actionNeedsAttention,
      data: transform({ performed }, ({ performed }) => performed?.attention ?? []),
    }).config({ name: "emit-action-needs-attention" })
    emitEventStep({
      eventName: FINANCING_EVENTS.applicationStatusChanged,
      data: transform({ released }, ({ released }) => released?.statusEvents ?? []),
    }).config({ name: "emit-application-status-changed" })
    emitEventStep({
      eventName: FINANCING_EVENTS.payoutRecorded,
      data: transform({ released }, ({ released }) => released?.payoutEvents ?? []),
    }).config({ name: "emit-payout-recorded" })
    return new WorkflowResponse(
      transform({ performed, released }, ({ performed, released }): SendFinancingActionResult => ({
        outcome: performed?.outcome ?? "not_due",
        released_action_ids: released?.released ?? [],
      }))
    )
  }
)
