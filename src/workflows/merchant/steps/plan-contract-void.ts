import { MedusaError } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { planContractVoid } from "../../../domain/checkout/contract-void"
import {
  type ActionRecordInput,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../modules/retail-financing"
import { financedCents, hasOpenReturn } from "../../../modules/retail-financing/return-queue"
import type { ReturnPayload } from "../../../domain/post-sale/return-payload"

/**
 * Plans "Void at the service" for an application whose signed contract has no order: the whole-contract
 * return request to record and send. Reads only; refuses, naming the rule, what may not be voided.
 */
export const planContractVoidStep = createStep(
  "plan-contract-void",
  async ({ application_id }: { application_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.retrieveFinancingApplication(application_id)
    const actions = await financing.actions.ofApplication(application.id)
    const plan = planContractVoid(application, hasOpenReturn(actions), financing.getOptions().returnAgent)
    if (!plan.ok) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, plan.message)
    const payload: ReturnPayload = { request: plan.request, amount_cents: financedCents(application) }
    const action: ActionRecordInput = {
      applicationId: application.id,
      kind: "return",
      // One void per application, however often the merchant clicks.
      cause: `void:${application.id}`,
      summary: `Void: whole-contract return (${application.exception_reason})`,
      payload: payload as unknown as Record<string, unknown>,
    }
    return new StepResponse(action)
  }
)
