import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { listOpenFinancingSessionsStep } from "./steps/list-open-financing-sessions"
import { syncOpenFinancingSessionsStep } from "./steps/sync-open-financing-sessions"

export const reconcileFinancingSessionsWorkflowId = "retail-financing-reconcile-sessions"

/**
 * Applies every status change that callbacks missed: lists the open financing sessions, syncs each one
 * through the sync workflow (each under its own session lock), and reports how many changed or failed.
 * Two runs at once are harmless: the session locks put their syncs one after another, and the second
 * finds nothing left to do.
 */
export const reconcileFinancingSessionsWorkflow = createWorkflow(reconcileFinancingSessionsWorkflowId, () => {
  const sessions = listOpenFinancingSessionsStep()
  const report = syncOpenFinancingSessionsStep({ sessions })
  return new WorkflowResponse(report)
})
