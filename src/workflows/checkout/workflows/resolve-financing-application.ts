import { type WorkflowData, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"

import { resolveFinancingApplicationStep } from "../steps/resolve-financing-application"

export const resolveFinancingApplicationWorkflowId = "retail-financing-resolve-application"

/**
 * The status callback's first move: the ledger application its key names, or null when nothing is known of
 * it. A workflow, not a call from the route, because it may write the ledger (the row of an application
 * created before the ledger knew them, or its link to the session).
 */
export const resolveFinancingApplicationWorkflow = createWorkflow(
  resolveFinancingApplicationWorkflowId,
  (input: WorkflowData<{ key: string }>) => new WorkflowResponse(resolveFinancingApplicationStep(input))
)
