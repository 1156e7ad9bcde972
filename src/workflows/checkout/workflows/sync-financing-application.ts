import { WorkflowResponse, createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { emitEventStep } from "@medusajs/medusa/core-flows"

import type { ContractExceptionReason } from "../../../domain/checkout/contract-exceptions"
import { FINANCING_EVENTS, exceptionEvents } from "../../../domain/events/financing-events"
import { fundedCaptureCents } from "../../../domain/checkout/funded-capture"
import { isSignedContract } from "../../../domain/checkout/status-map"
import { fromCents, toCents } from "../../../domain/money"
import { captureFinancedPaymentStep } from "../steps/capture-financed-payment"
import { checkSignedContractStep } from "../steps/check-signed-contract"
import { type CompletionOutcome, completeFinancedCartStep } from "../steps/complete-financed-cart"
import { markFinancingSessionStep } from "../steps/mark-financing-session"
import { openContractExceptionStep } from "../steps/open-contract-exception"
import { processFinancingPaymentStep } from "../steps/process-financing-payment"
import {
  type FinancingApplicationState,
  type ReadFinancingApplicationInput,
  readFinancingApplicationStep,
} from "../steps/read-financing-application"
import { recordFinancingApplicationStep } from "../steps/record-financing-application"
import { recordRepairedOrderStep } from "../steps/record-repaired-order"
import { sealReadStatusStep } from "../steps/seal-read-status"
import { settleInterruptedCompletionStep } from "../steps/settle-interrupted-completion"

export const syncFinancingApplicationWorkflowId = "retail-financing-sync-application"

/**
 * Run only through runApplicationSync (checkout/utils/run-application-sync.ts), the one holder of the
 * application's lock: the workflow takes no lock of its own.
 */
export type SyncFinancingApplicationInput = ReadFinancingApplicationInput

export type SyncFinancingApplicationResult = FinancingApplicationState & {
  /** What a completion of the cart gave, when one was tried. */
  completion: CompletionOutcome | null
  /** Why the signed contract gives no order, when it does not (see domain/checkout/contract-guard.ts). */
  exception: ContractExceptionReason | null
  /** Queued returns the recorded status released: the caller sends them once the sync has ended. */
  released_action_ids: string[]
  /** An order repaired here, whose order_placed actions the caller records and sends once the sync has ended. */
  repaired_order_id: string | null
}

const isSignature = (state: FinancingApplicationState) =>
  Boolean(state.session) && (state.action === "authorize" || state.action === "capture")

/** The sync repairs the cart's order: it exists without the payment, and the contract stands. */
const repairsOrder = (
  state: FinancingApplicationState,
  verdict: { reason: unknown } | undefined,
  found: { repair: boolean; busy: boolean }
) => !verdict?.reason && isSignature(state) && found.repair && !found.busy

/** The order this sync gave or found, for an event whose write came before the cart's completion. */
const orderGiven = (completion: CompletionOutcome | undefined, found: { order_id: string | null }) =>
  (completion?.outcome === "order" ? completion.order_id : null) ?? found.order_id ?? null

/** A signed contract whose order is not yet placed and paid: it must still match what was financed. */
const needsContractCheck = (state: FinancingApplicationState) =>
  isSignedContract(state.application_status) && !(state.order_id && state.session?.has_payment)

/**
 * Syncs one ledger application with its status at the service. Its caller, runApplicationSync, holds the
 * application's lock around it, so that duplicate and concurrent callbacks (and a reconciliation run or a
 * shopper's complete meeting a callback) are handled one after another, each seeing what the one before did.
 *
 * It reads the application, its live payment session and the status (never from a callback's body), records
 * the status in the ledger, sends the queued returns a settled return released, and records a decline, an
 * expiry or an error on the session (Medusa then refuses to complete the cart with it, and the storefront
 * can offer another way to pay). A signed contract is checked against what was financed (the cart's
 * fingerprints, a newer application, the session, the contract amount): one that does not match gives no
 * order but an exception, opened once. Otherwise it completes the cart into an order (a failure is
 * counted and tried again only after a delay, a bounded number of times); a funded one is captured. Before
 * that, what an interrupted completion left is settled (steps/settle-interrupted-completion.ts): an order it
 * made but never linked to the cart is adopted instead of a second one being made, and the cart's order gets
 * the links it lacks. An order that exists without its payment (Medusa stopped before authorizing it) is
 * authorized, linked in the ledger, announced (order.placed, which the stopped completion never released)
 * and given its post-sale actions.
 */
export const syncFinancingApplicationWorkflow = createWorkflow(
  syncFinancingApplicationWorkflowId,
  (input: SyncFinancingApplicationInput) => {
    const state = readFinancingApplicationStep(input)
    const recorded = recordFinancingApplicationStep({ state })
    const releasedActionIds = transform({ recorded }, ({ recorded }) => recorded.releasedActionIds)

    const verdict = when("check-signed-contract", { state }, ({ state }) => needsContractCheck(state)).then(
      () => checkSignedContractStep({ state })
    )
    const exception = when("open-contract-exception", { verdict }, ({ verdict }) =>
      Boolean(verdict?.reason)
    ).then(() =>
      openContractExceptionStep(
        transform({ state, verdict }, ({ state, verdict }) => ({ state, reason: verdict!.reason! }))
      )
    )

    when("mark-declined-expired-or-progress", { state, verdict }, ({ state, verdict }) =>
      Boolean(!verdict?.reason && state.session && ["fail", "cancel", "record"].includes(state.action))
    ).then(() => {
      markFinancingSessionStep(
        transform({ state }, ({ state }) => ({
          session: state.session!,
          application_status: state.application_status,
          status:
            state.action === "fail"
              ? ("error" as const)
              : state.action === "cancel"
                ? ("canceled" as const)
                : state.session!.status,
        }))
      )
    })

    // Only before an authorization: a capture is given the payment's data, not the session's. Sealed before
    // the settlement waits for the cart's lock, so that a completion running meanwhile (the shopper's return
    // page) authorizes with this read instead of reading the status again.
    when("seal-read-status", { state, verdict }, ({ state, verdict }) =>
      Boolean(
        !verdict?.reason &&
        isSignature(state) &&
        state.read_started_at &&
        (state.order_id ? !state.session!.has_payment : state.completion_due)
      )
    ).then(() => {
      sealReadStatusStep({ state })
    })

    // Before the cart is completed or its order repaired: an interrupted completion's order, its missing links.
    const settled = when("settle-interrupted-completion", { state, verdict }, ({ state, verdict }) =>
      Boolean(
        !verdict?.reason &&
        isSignature(state) &&
        state.cart_id &&
        (state.order_id ? !state.session!.has_payment : state.completion_due)
      )
    ).then(() =>
      settleInterruptedCompletionStep(
        transform({ state }, ({ state }) => ({ cart_id: state.cart_id!, public_id: state.public_id }))
      )
    )

    // What the settlement found, under the cart's lock (after any completion running then had finished).
    const found = transform({ state, settled }, ({ state, settled }) => {
      const orderId = settled?.order_id ?? state.order_id
      const paidNow = settled ? settled.paid : Boolean(state.session?.has_payment)
      // The read saw no order, or one not yet paid, and under the cart's lock it is paid: another completion
      // (the shopper's) was placing it and has finished. It is recorded, not repaired.
      const placedMeanwhile = Boolean(orderId) && paidNow && !state.session?.has_payment
      return {
        order_id: orderId,
        busy: Boolean(settled?.busy),
        complete: !orderId || placedMeanwhile,
        repair: Boolean(orderId) && !paidNow,
        // order.placed was released by a completion that ended; only a stopped one never released it.
        announce: Boolean(orderId) && !paidNow,
      }
    })

    const completion = when("complete-signed-cart", { state, verdict, found }, ({ state, verdict, found }) =>
      Boolean(
        !verdict?.reason &&
        isSignature(state) &&
        found.complete &&
        !found.busy &&
        state.cart_id &&
        state.completion_due
      )
    ).then(() =>
      completeFinancedCartStep(
        transform({ state }, ({ state }) => ({
          application_id: state.application_id,
          public_id: state.public_id,
          cart_id: state.cart_id!,
        }))
      )
    )

    const repaired = when(
      "repair-order-without-payment",
      { state, verdict, found },
      ({ state, verdict, found }) => repairsOrder(state, verdict, found)
    ).then(() => {
      processFinancingPaymentStep(
        transform({ state }, ({ state }) => ({
          session_id: state.session!.id,
          // A funded contract is captured by the same rule as any funded capture: what it is worth now.
          amount: fromCents(
            fundedCaptureCents(toCents(state.session!.amount), state.application.invoiceAmount)
          ),
          action: state.action === "authorize" ? ("authorize" as const) : ("capture" as const),
        }))
      )
      return recordRepairedOrderStep(
        transform({ state, found }, ({ state, found }) => ({
          application_id: state.application_id,
          order_id: found.order_id!,
        }))
      )
    })
    // Medusa releases order.placed only when its completion ends, so a stopped one never did (a store's
    // confirmation email hangs on it). The plugin's own reaction to it is recorded once, however often it comes.
    when(
      "announce-repaired-order",
      { state, verdict, found },
      ({ state, verdict, found }) => repairsOrder(state, verdict, found) && found.announce
    ).then(() => {
      emitEventStep({
        eventName: OrderWorkflowEvents.PLACED,
        data: transform({ found }, ({ found }) => ({ id: found.order_id! })),
      }).config({ name: "announce-repaired-order" })
    })

    when("capture-funded-payment", { state, completion }, ({ state, completion }) =>
      Boolean(
        isSignature(state) &&
        state.action === "capture" &&
        ((state.order_id && state.session!.has_payment) || completion?.outcome === "order")
      )
    ).then(() => {
      captureFinancedPaymentStep(transform({ state }, ({ state }) => ({ session_id: state.session!.id })))
    })

    // The status this sync recorded, with the order it gave (a signature's order is placed after the write).
    emitEventStep({
      eventName: FINANCING_EVENTS.applicationStatusChanged,
      data: transform({ recorded, completion, found }, ({ recorded, completion, found }) =>
        recorded.statusEvents.map((event) => ({
          ...event,
          order_id: event.order_id ?? orderGiven(completion, found),
        }))
      ),
    }).config({ name: "emit-application-status-changed" })

    // The lender's payment this sync recorded when it was news (the first, another transfer, a new status),
    // with the order as for the status event.
    emitEventStep({
      eventName: FINANCING_EVENTS.payoutRecorded,
      data: transform({ recorded, completion, found }, ({ recorded, completion, found }) =>
        recorded.payoutEvents.map((event) => ({
          ...event,
          order_id: event.order_id ?? orderGiven(completion, found),
        }))
      ),
    }).config({ name: "emit-payout-recorded" })

    // Events are released when the workflow ends (emitEventStep groups them), after the ledger's writes are
    // stored; an empty list emits nothing. Each exception's event once: only the write that opened it (the contract check's or the first failed
    // completion's) gives one.
    emitEventStep({
      eventName: FINANCING_EVENTS.exceptionOpened,
      data: transform({ state, exception, completion }, ({ state, exception, completion }) => [
        ...(exception?.events ?? []),
        ...exceptionEvents(
          { id: state.application_id, cart_id: state.cart_id, order_id: state.order_id },
          "completion_failed",
          completion?.outcome === "failed" && Boolean(completion.exception_opened)
        ),
      ]),
    }).config({ name: "emit-exception-opened" })

    // A completion_failed exception closed by the order a later try gave (or a repair found).
    emitEventStep({
      eventName: FINANCING_EVENTS.exceptionResolved,
      data: transform({ completion, repaired }, ({ completion, repaired }) => [
        ...(completion?.outcome === "order" ? completion.resolved : []),
        ...(repaired?.resolved ?? []),
      ]),
    }).config({ name: "emit-exception-resolved" })

    const result = transform(
      { state, completion, verdict, exception, settled, releasedActionIds, repaired },
      ({
        state,
        completion,
        verdict,
        exception,
        settled,
        releasedActionIds,
        repaired,
      }): SyncFinancingApplicationResult => {
        const reason = verdict?.reason ?? null
        // A contract exception: "fail" when this sync opened it or marked the session, else nothing new.
        // A signed cart whose last completion failed waits for its next try: nothing was asked of Medusa.
        const action = reason
          ? exception?.opened || exception?.marked
            ? "fail"
            : "none"
          : isSignature(state) && !state.order_id && !state.completion_due
            ? "none"
            : state.action
        return {
          ...state,
          action,
          completion: completion ?? (settled?.busy ? { outcome: "busy" as const } : null),
          exception: reason,
          released_action_ids: releasedActionIds ?? [],
          repaired_order_id: repaired?.order_id ?? null,
        }
      }
    )
    return new WorkflowResponse(result)
  }
)
