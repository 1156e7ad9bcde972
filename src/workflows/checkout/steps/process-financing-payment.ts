import { PaymentActions } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"

export interface ProcessFinancingPaymentInput {
  session_id: string
  /** The session's amount, in the currency's major units as Medusa keeps it. */
  amount: number
  action: "authorize" | "capture"
}

/**
 * Hands a signed contract (authorize) or a funded one (capture) whose cart is already an order without its
 * payment (Medusa stopped between the two) to Medusa's own processPaymentWorkflow: its authorize-existing-
 * order branch authorizes the session, creating the order's payment; for a funded contract its autocapture
 * branch authorizes and captures. An order is never made here: the cart already is one.
 *
 * It runs as a workflow of its own (`.run()`), as core's completeCartAfterPaymentStep runs the cart
 * completion, and deliberately not composed. Checked against @medusajs/core-flows 2.21.2:
 * - `processPaymentWorkflow.runAsStep`: its `acquireLockStep({ key: cartId })` passes no
 *   `executeOnSubWorkflow`, and locking/steps/acquire-lock.js skips a lock step whose workflow runs under a
 *   parent step; the authorization would then race the shopper's own cart completion (two payments for one
 *   order). And authorizePaymentSessionStep's compensation cancels the payment: a later step of the sync
 *   failing (record-repaired-order, announce, capture) would cancel an authorized, signed contract's payment.
 * - its steps composed here (our own cart lock around authorize/capture): the same compensation, and a copy
 *   of core's branches that drifts from Medusa's.
 * - run by the caller after the sync workflow: the repair sits between the settlement (under the cart's lock)
 *   and the steps that record and announce it; splitting the sync there is not done under this change.
 * A run of its own commits its own transaction under its own cart lock, and nothing outside undoes it.
 *
 * No compensation: an authorization or a capture is what the contract says happened, and is never undone
 * because something after it failed.
 */
export const processFinancingPaymentStep = createStep(
  "process-financing-payment",
  async (input: ProcessFinancingPaymentInput, { container }) => {
    await processPaymentWorkflow(container).run({
      input: {
        action: input.action === "authorize" ? PaymentActions.AUTHORIZED : PaymentActions.SUCCESSFUL,
        data: { session_id: input.session_id, amount: input.amount },
      },
    })
    return new StepResponse(undefined)
  }
)
