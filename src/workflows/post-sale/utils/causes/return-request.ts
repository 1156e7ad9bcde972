import { formatUsd, fromCents } from "../../../../domain/money"
import { type MedusaReturnReason, serviceReturnReasonFor } from "../../../../domain/post-sale/return-reason"
import { withoutUndefined } from "../../../../domain/without-undefined"
import { RETURN_TYPES, type ReturnRequest, type ReturnType } from "../../../../lib/financing/schemas"
import type { ActionRecordInput, RetailFinancingModuleService } from "../../../../modules/retail-financing"
import { type QueuedAction, initialReturnState } from "../../../../modules/retail-financing/return-queue"
import type { FinancedOrder } from "../financed-order"
import type { ReturnPayload } from "../../../../domain/post-sale/return-payload"

const RETURN_TYPE_NAMES: Record<ReturnType, string> = { 1: "Redraft", 2: "Return", 4: "Partial" }

export interface ReturnRequestInput {
  causeKey: string
  returnType: ReturnType
  amountCents: number
  /** The reason Medusa recorded, mapped to one of the service's; else `fallbackReason` is sent as text. */
  medusaReason: MedusaReturnReason | null
  fallbackReason: string
  returnReasonPublicId?: string
}

/**
 * The return request action for one cause, queued behind a return the service has not settled yet.
 * `actions` are the application's actions, with those planned earlier in the same run appended (see
 * `asQueued`), so several returns planned at once queue one behind another.
 */
export async function returnRequest(
  financing: RetailFinancingModuleService,
  financed: FinancedOrder,
  actions: readonly QueuedAction[],
  input: ReturnRequestInput
): Promise<ActionRecordInput> {
  const options = financing.getOptions()
  const mapped = input.medusaReason
    ? serviceReturnReasonFor(
        input.medusaReason,
        await serviceReturnReasons(financing),
        options.returnReasonMap
      )
    : {}
  const request: ReturnRequest = withoutUndefined({
    agentName: options.returnAgent?.name,
    email: options.returnAgent?.email,
    phone: options.returnAgent?.phone,
    returnType: input.returnType,
    returnReasonPublicId: input.returnReasonPublicId ?? mapped.returnReasonPublicId,
    reason: mapped.reason ?? input.fallbackReason.slice(0, 500),
    amount: input.returnType === RETURN_TYPES.Partial ? fromCents(input.amountCents) : undefined,
  })
  const payload: ReturnPayload = { request, amount_cents: input.amountCents }
  const typeName = RETURN_TYPE_NAMES[input.returnType]
  return {
    applicationId: financed.application.id,
    kind: "return",
    cause: input.causeKey,
    summary:
      input.returnType === RETURN_TYPES.Redraft
        ? `${typeName}: ${request.reason ?? ""}`
        : `${typeName} of ${formatUsd(input.amountCents)} (${input.causeKey.split(":")[0]})`,
    payload: payload as unknown as Record<string, unknown>,
    waiting: initialReturnState(actions) === "waiting",
  }
}

/** A planned return as the queue will see it once recorded. */
export function asQueued(planned: ActionRecordInput): QueuedAction {
  return {
    id: planned.cause,
    cause: planned.cause,
    kind: planned.kind,
    state: planned.waiting ? "waiting" : "pending",
    payload: planned.payload,
  }
}

/** The service's return reasons, or none while it cannot be reached: a reason is optional in a request. */
function serviceReturnReasons(financing: RetailFinancingModuleService) {
  return financing
    .getClient()
    .listReturnReasons()
    .catch(() => [])
}
