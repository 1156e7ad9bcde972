import { WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { listReconcilableApplicationsStep } from "../steps/list-reconcilable-applications"

export const reconcileFinancingSessionsWorkflowId = "retail-financing-reconcile-sessions"

/**
 * Lists the ledger applications whose checkout may still change Medusa (adopting open financing sessions the
 * ledger never recorded, as a callback would). Each is then synced by its caller, one sync workflow after
 * another under the application's lock (checkout/utils/reconcile-financing-applications.ts): a step never
 * runs a whole workflow, and the lock has one holder, runApplicationSync.
 */
export const reconcileFinancingSessionsWorkflow = createWorkflow(reconcileFinancingSessionsWorkflowId, () => {
  const applications = listReconcilableApplicationsStep()
  return new WorkflowResponse(applications)
})
