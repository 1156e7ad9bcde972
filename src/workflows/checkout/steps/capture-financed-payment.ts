import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"

import { fundedCaptureCents } from "../../../domain/checkout/funded-capture"
import { fromCents, toCents } from "../../../domain/money"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"

/**
 * Captures a funded contract's authorized payment, unless it is captured already: authorizing a Funded
 * contract captures at once (the provider answers `captured`), and capturing again would add a second
 * capture transaction to the order. A payment with any capture counts: a contract the store's returns
 * reduced is captured for its invoice amount now (fundedCaptureCents), less than Medusa authorized, and
 * Medusa marks only a full capture captured. The ledger was given this sync's read a step before. Runs
 * processPaymentWorkflow as a workflow of its own (`.run()`), never `runAsStep`, for the reasons checked in
 * process-financing-payment.ts (its cart lock skipped in a sub-workflow; compensation undoing a capture).
 * A payment Medusa canceled is left as it is (see docs/after-the-sale.md, "An order changed before funding").
 * No compensation: a capture is what the lender did.
 */
export const captureFinancedPaymentStep = createStep(
  "capture-financed-payment",
  async ({ session_id }: { session_id: string }, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    const session = await payments.retrievePaymentSession(session_id, {
      select: ["id", "amount"],
      relations: ["payment", "payment.captures"],
    })
    const payment = session.payment
    // A payment Medusa canceled (a change to the order reopened its payment collection) cannot be captured;
    // trying would fail this sync on every callback. The order widget's books show it, with what to do.
    if (!payment || payment.canceled_at || payment.captured_at || (payment.captures?.length ?? 0) > 0) {
      return new StepResponse(false)
    }
    const ledger = await container
      .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
      .ledger.findApplication({ payment_session_id: session_id })
    const cents = fundedCaptureCents(toCents(session.amount), ledger?.invoice_amount)
    if (cents === 0) return new StepResponse(false)
    await processPaymentWorkflow(container).run({
      input: { action: PaymentActions.SUCCESSFUL, data: { session_id, amount: fromCents(cents) } },
    })
    return new StepResponse(true)
  }
)
