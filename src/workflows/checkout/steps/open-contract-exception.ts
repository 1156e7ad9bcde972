import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import {
  CONTRACT_EXCEPTION_TEXT,
  type ContractExceptionReason,
  exceptionLogLine,
} from "../../../domain/checkout/contract-exceptions"
import { exceptionEvents } from "../../../domain/events/financing-events"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { FinancingApplicationState } from "./read-financing-application"

export interface OpenContractExceptionInput {
  state: FinancingApplicationState
  reason: ContractExceptionReason
}

/** Where the return page finds why a signed contract gave no order: the reason and the shopper's text. */
export interface SessionFailure {
  reason: ContractExceptionReason
  message: string
}

/**
 * A signed contract that must not complete its cart: no order. The session, if Medusa still has it, is
 * marked `error` with `data.failure` (the reason and what the shopper reads), so the cart cannot be
 * completed with it and the return page can say what happened; the exception is opened on the ledger once,
 * and logged once, at warning level, with the ids and what to do (nothing of the shopper). Repeated
 * callbacks find both done and change nothing. No compensation: the contract stays an exception.
 */
export const openContractExceptionStep = createStep(
  "open-contract-exception",
  async ({ state, reason }: OpenContractExceptionInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const opened = await financing.ledger.openException(state.application_id, reason)
    if (opened) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(exceptionLogLine({ id: state.application_id, publicId: state.public_id }, reason))
    }

    const session = state.session
    const failure: SessionFailure = { reason, message: CONTRACT_EXCEPTION_TEXT[reason].shopper }
    const recorded = session?.data.failure as Partial<SessionFailure> | undefined
    const marked =
      session !== null && !session.has_payment && (session.status !== "error" || recorded?.reason !== reason)
    if (marked) {
      await container.resolve(Modules.PAYMENT).updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data: { ...session.data, applicationStatus: state.application_status, failure },
        status: "error",
      })
    }
    // The event of this write only: a repeated callback finds the exception open and tells no one again.
    const events = exceptionEvents(
      { id: state.application_id, cart_id: state.cart_id, order_id: state.order_id },
      reason,
      opened
    )
    return new StepResponse({ opened, marked, events })
  }
)
