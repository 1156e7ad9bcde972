import { FinancingConflictError } from "../../../../lib/financing/errors"
import type { ReturnPayload } from "../../../../domain/post-sale/return-payload"
import type { PerformContext, PerformResult } from "./context"

/**
 * Endpoint 7. It answers no content and is not idempotent, so when the service refuses because a return
 * is already pending, the status is read: if that pending return is this one (a send whose answer was lost),
 * the action is done rather than failed.
 */
export async function performReturnRequest({
  client,
  application,
  action,
}: PerformContext): Promise<PerformResult> {
  const { request } = action.payload as unknown as ReturnPayload
  try {
    await client.requestReturn(application.public_id, request)
  } catch (error) {
    const lostAnswer = error instanceof FinancingConflictError && action.attempts > 0
    if (!lostAnswer) throw error
    const { status } = await client.getApplicationStatus(application.public_id)
    if (status !== "PendingReturn") throw error
  }
  return { result: "return requested" }
}
