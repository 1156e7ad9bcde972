import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"

import { exceptionLogLine } from "../../../domain/checkout/contract-exceptions"
import { describeFailure } from "../../../domain/post-sale/action-retry"
import { type ExceptionEventData, exceptionEvents } from "../../../domain/events/financing-events"
import {
  type LedgerApplication,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../modules/retail-financing"
import { withCartCompletion } from "../utils/cart-completion-lock"
import { settledCartOrder } from "../utils/settled-cart-order"
import { isLockBusy } from "../../../domain/lock-busy"
import { orderOfCart } from "../../../queries/order-of-cart"

export interface CompleteFinancedCartInput {
  application_id: string
  public_id: string
  cart_id: string
}

export type CompletionOutcome =
  | {
      outcome: "order"
      order_id: string
      /** The order closed a completion_failed exception an earlier try opened: its resolved event. */
      resolved: ExceptionEventData[]
    }
  /** Medusa could not complete the cart: counted, and the exception opened at the first failure. */
  | {
      outcome: "failed"
      error: string
      attempts: number
      next_at: string | null
      /** This try opened the completion_failed exception (only the first failure does). */
      exception_opened?: boolean
    }
  /** Another completion of the cart (the shopper's own) was running: nothing to count, the next sync sees it. */
  | { outcome: "busy" }

/** What the workflow engine answers for a run (its `run` is typed `any`). */
interface EngineRun {
  errors?: { error?: unknown }[]
  result?: { id?: string }
  transaction: { hasFinished(): boolean }
}

/**
 * Completes a signed contract's cart into an order. When a completion of the cart is running (the shopper's
 * return page, most often), it waits for it and takes the order it made, without a second completion.
 * Otherwise it runs Medusa's own completeCartWorkflow, as the store's
 * complete route runs it (through the workflow engine, so under the cart's lock and reusing an order that
 * exists), which authorizes the financing session as its last step.
 *
 * Through the engine, never `completeCartWorkflow.runAsStep` (checked against core-flows 2.21.2, where core's
 * own completeCartAfterPaymentStep does the same): as a sub-workflow its `acquireLockStep({ key: cart id })`
 * is skipped (no `executeOnSubWorkflow`), so it would no longer exclude Medusa's complete route: two orders;
 * its failure would fail the sync instead of being counted below (`throwOnError: false`); and a later step
 * of the sync failing (the capture) would compensate it, rolling back the order of a signed contract. Unlike processPaymentWorkflow, which
 * continues past a failed completion without a word, it looks at the outcome:
 *
 * - an order: linked to the application in the ledger (closing a completion_failed exception of an earlier
 *   try);
 * - a failure (an item out of stock, say): counted on the application with the next time a try is due, and
 *   the completion_failed exception opened and logged once, at the first failure. Medusa rolls the order
 *   back itself; the plugin never tries again before the delay, and stops after the last try.
 *
 * No compensation: an order placed is what the contract says happened.
 */
export const completeFinancedCartStep = createStep(
  "complete-financed-cart",
  async (input: CompleteFinancedCartInput, { container }) => {
    // Held from the look for an order to the end of the completion, so the shopper's complete route (which
    // takes it too) either finds this completion's order or is found by it: never two completions.
    const outcome = await withCartCompletion(container, input.cart_id, () =>
      completeUnderLock(container, input)
    )
    return new StepResponse<CompletionOutcome>(outcome === "busy" ? { outcome: "busy" } : outcome)
  }
)

async function completeUnderLock(
  container: MedusaContainer,
  input: CompleteFinancedCartInput
): Promise<CompletionOutcome> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const settled = await settledCartOrder(container, input.cart_id)
  if (!settled.settled) return { outcome: "busy" }
  if (settled.order_id) {
    return orderOutcome(await financing.ledger.recordCompletion(input.application_id, settled.order_id))
  }

  const run = (await container.resolve(Modules.WORKFLOW_ENGINE).run(completeCartWorkflowId, {
    input: { id: input.cart_id },
    throwOnError: false,
  })) as EngineRun
  const failure = run.errors?.[0]?.error
  // A failed try can still meet an order: another completion made it meanwhile.
  const orderId =
    (!failure && run.transaction.hasFinished() && run.result?.id) ||
    (await orderOfCart(container, input.cart_id))
  if (orderId) {
    return orderOutcome(await financing.ledger.recordCompletion(input.application_id, orderId))
  }
  if (!run.transaction.hasFinished() || isLockBusy(failure) || isCompletionInFlight(failure))
    return { outcome: "busy" }

  const error = describeFailure(failure)
  const { attempts, nextAt } = await financing.ledger.recordCompletionFailure(input.application_id, error)
  const opened = await financing.ledger.openException(input.application_id, "completion_failed")
  if (opened) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        exceptionLogLine({ id: input.application_id, publicId: input.public_id }, "completion_failed", error)
      )
  }
  return {
    outcome: "failed",
    error,
    attempts,
    next_at: nextAt?.toISOString() ?? null,
    exception_opened: opened,
  }
}

/** An order made or found: the outcome, with the event of an exception its recording closed. */
function orderOutcome({
  application,
  closedException,
}: {
  application: LedgerApplication
  closedException: boolean
}): CompletionOutcome {
  return {
    outcome: "order",
    order_id: application.order_id!,
    resolved: exceptionEvents(application, application.exception_reason ?? "", closedException),
  }
}

/**
 * Medusa's answer while another completion of the cart runs (its complete route's CONFLICT, whose only mark
 * is its text): a completion running, not a lasting failure. A lock held past the wait is `isLockBusy`.
 */
function isCompletionInFlight(error: unknown): boolean {
  return /already being completed/i.test(describeFailure(error))
}
