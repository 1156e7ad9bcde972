import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { type WorkflowData, transform } from "@medusajs/framework/workflows-sdk"

import { findCauseOrderStep } from "../steps/find-cause-order"
import { loadFinancedOrderStep } from "../steps/load-financed-order"
import { planPostSaleActionsStep } from "../steps/plan-post-sale-actions"
import { recordFinancingActionsStep } from "../../common/steps/record-financing-actions"
import { type PostSaleCause, plannerOf } from "./causes"

/**
 * The steps that turn one cause into recorded ledger actions, shared by the subscribers' workflow and the
 * merchant's: call it inside a workflow's composition. The causes of one order are planned one at a time
 * (a lock per order), so two events cannot both ask for the same money. Returns the ids to send now.
 */
export function recordCauseActions(cause: WorkflowData<PostSaleCause>) {
  const { order_id } = findCauseOrderStep({ cause })
  // Passed inside an object literal: a transform given to a step as its whole input cannot be read again.
  const lockKey = transform(
    { order_id, cause },
    ({ order_id, cause }) => `retail-financing:returns:${order_id ?? cause.type}`
  )
  acquireLockStep({ key: lockKey, timeout: 60, ttl: 120, executeOnSubWorkflow: true })
  const required = transform({ cause }, ({ cause }) => plannerOf(cause).requiresFinancing === true)
  const financed = loadFinancedOrderStep({ order_id, required })
  const planned = planPostSaleActionsStep({ cause, financed })
  const actionIds = recordFinancingActionsStep({ actions: planned })
  releaseLockStep({ key: lockKey, executeOnSubWorkflow: true })
  return actionIds
}
