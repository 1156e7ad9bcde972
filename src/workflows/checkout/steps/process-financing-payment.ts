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
 * It runs as a workflow of its own, as core's completeCartAfterPaymentStep runs the cart completion, and not
 * through `processPaymentWorkflow.runAsStep`: nested in another workflow, its acquireLockStep on the cart is
 * skipped (core-flows 2.21 skips lock steps in a sub-workflow), so its authorization could race the
 * shopper's own cart completion; and a failure later in the parent would compensate it, cancelling an
 * authorized payment.
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
