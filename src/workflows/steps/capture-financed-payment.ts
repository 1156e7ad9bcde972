import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"

/**
 * Captures a funded contract's authorized payment, unless it is captured already: authorizing a Funded
 * contract captures at once (the provider answers `captured`), and capturing again would add a second
 * capture transaction to the order. Runs processPaymentWorkflow as a workflow of its own, for the reasons
 * given in process-financing-payment.ts. No compensation: a capture is what the lender did.
 */
export const captureFinancedPaymentStep = createStep(
  "capture-financed-payment",
  async ({ session_id }: { session_id: string }, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    const session = await payments.retrievePaymentSession(session_id, {
      select: ["id", "amount"],
      relations: ["payment"],
    })
    if (!session.payment || session.payment.captured_at) return new StepResponse(false)
    await processPaymentWorkflow(container).run({
      input: {
        action: PaymentActions.SUCCESSFUL,
        data: { session_id, amount: Number(session.amount) },
      },
    })
    return new StepResponse(true)
  }
)
