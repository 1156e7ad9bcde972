import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"

import { FINANCING_EVENTS } from "../../../domain/events/financing-events"
import { followOpenReturnsStep } from "../steps/follow-open-returns"

export const followOpenReturnsWorkflowId = "retail-financing-follow-open-returns"

/**
 * A captured contract's session is closed, so the session reconciliation no longer reads it; but a return
 * request is still open at the service until it settles, and a lost callback would leave the ledger in
 * PendingReturn and the next return waiting for ever. Each such application's status is read by id and
 * recorded, which settles what the service settled. Answers the report and the returns that were waiting,
 * released now: the caller sends them (post-sale/utils/send-actions.ts).
 */
export const followOpenReturnsWorkflow = createWorkflow(followOpenReturnsWorkflowId, () => {
  const followed = followOpenReturnsStep()
  // Released when the workflow ends: only the statuses this run moved and the payments it found new.
  emitEventStep({
    eventName: FINANCING_EVENTS.applicationStatusChanged,
    data: transform({ followed }, ({ followed }) => followed.status_events),
  }).config({ name: "emit-application-status-changed" })
  emitEventStep({
    eventName: FINANCING_EVENTS.payoutRecorded,
    data: transform({ followed }, ({ followed }) => followed.payout_events),
  }).config({ name: "emit-payout-recorded" })
  return new WorkflowResponse(
    transform({ followed }, ({ followed }) => ({
      report: followed.report,
      released_action_ids: followed.released_action_ids,
    }))
  )
})
