import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { listReconcilableApplicationsStep } from "../steps/list-reconcilable-applications"
import { syncReconcilableApplicationsStep } from "../steps/sync-reconcilable-applications"

export const reconcileFinancingSessionsWorkflowId = "retail-financing-reconcile-sessions"

/**
 * Applies every status change that callbacks missed: lists the ledger applications whose checkout may still
 * change Medusa, syncs each one through the sync workflow (each under its own application lock), and
 * reports how many changed or failed. Two runs at once are harmless: the locks put their syncs one after
 * another, and the second finds nothing left to do.
 */
export const reconcileFinancingSessionsWorkflow = createWorkflow(reconcileFinancingSessionsWorkflowId, () => {
  const applications = listReconcilableApplicationsStep()
  const report = syncReconcilableApplicationsStep({ applications })
  return new WorkflowResponse(report)
})
