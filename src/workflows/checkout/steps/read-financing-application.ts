import type { MedusaContainer, PaymentSessionDTO, PaymentSessionStatus } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { isFinancingProviderId } from "../../../config/provider-id"
import { completionDue } from "../../../domain/checkout/completion-retry"
import type { RecordedApplication } from "../../../domain/checkout/contract-guard"
import { type SessionAction, sessionActionFor } from "../../../domain/checkout/session-action"
import { sessionDataOf } from "../../../domain/checkout/session-data"
import { toCents } from "../../../domain/money"
import type { ApplicationStatus, ApplicationStatusValue } from "../../../lib/financing/schemas"
import {
  type LedgerApplication,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
  createdApplication,
} from "../../../modules/retail-financing"
import { orderOfCart } from "../../../queries/order-of-cart"

export interface ReadFinancingApplicationInput {
  /** The ledger application to sync. */
  application_id: string
  /** A status already read from the service (reconciliation lists them); otherwise it is read here. */
  known_application?: ApplicationStatus
  /** When the read of `known_application` started (ISO): the ledger weighs a read by its age. */
  known_read_started_at?: string
}

/** The payment session holding the application, as the sync needs it. */
export interface FinancingSessionView {
  id: string
  status: PaymentSessionStatus
  amount: number
  currency_code: string
  payment_collection_id: string
  data: Record<string, unknown>
  /** Medusa authorized it: it has a payment. */
  has_payment: boolean
  captured: boolean
}

export interface FinancingApplicationState {
  application_id: string
  public_id: string
  cart_id: string | null
  /** The cart total the application was made for, in cents. */
  amount_cents: number
  /** The live payment session holding the application; null when Medusa has none (it deleted it). */
  session: FinancingSessionView | null
  application_status: ApplicationStatusValue
  /** The whole status read, for the ledger. */
  application: ApplicationStatus
  /** The invoice amount the contract was signed for, as the ledger recorded it (null before it knew one). */
  signed_invoice_amount: number | null
  /** When that read started (ISO), unknown for a status handed in without its time. */
  read_started_at: string | null
  /** The order the cart became, if it did. */
  order_id: string | null
  /** Another payment session of the cart's collection has a payment: it, not this one, paid the order. */
  order_paid_otherwise: boolean
  /** Whether completing the cart may be tried now (see domain/checkout/completion-retry.ts). */
  completion_due: boolean
  /** What the ledger recorded of what was financed, for the contract check. */
  recorded: RecordedApplication
  action: SessionAction
}

/**
 * Reads a ledger application, its live payment session and its status at the service (never from a
 * callback's body), and decides what Medusa must do about it.
 */
export const readFinancingApplicationStep = createStep(
  "read-financing-application",
  async (input: ReadFinancingApplicationInput, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const ledger = createdApplication(await financing.retrieveFinancingApplication(input.application_id))
    const session = await liveSession(container, ledger)
    const sessionData = session ? sessionDataOf(session.data) : undefined

    const readStartedAt = input.known_application
      ? (input.known_read_started_at ?? null)
      : new Date().toISOString()
    const application: ApplicationStatus =
      input.known_application ??
      (await financing.getClient(ledger.store_code).getApplicationStatus(ledger.public_id))

    const cartId = ledger.cart_id ?? (sessionData?.cartId || null)
    const orderId = cartId ? await orderOfCart(container, cartId) : null
    const amountCents = sessionData?.amountCents || toCents(ledger.amount)
    const signedInvoiceAmount = signedInvoiceAmountOf(ledger)
    const action = sessionActionFor({
      // Without a session nothing is written on one; "pending" lets a signature reach the contract check.
      sessionStatus: session?.status ?? "pending",
      application,
      signedInvoiceAmount,
      cartCents: amountCents,
      recordedStatus: sessionData?.applicationStatus ?? (ledger.status as ApplicationStatusValue),
      hasOrder: orderId !== null,
      captured: isCaptured(session),
    })
    const state: FinancingApplicationState = {
      application_id: ledger.id,
      public_id: ledger.public_id,
      cart_id: cartId,
      amount_cents: amountCents,
      session: session && {
        id: session.id,
        status: session.status,
        amount: Number(session.amount),
        currency_code: session.currency_code,
        payment_collection_id: session.payment_collection_id,
        data: session.data ?? {},
        has_payment: Boolean(session.payment),
        captured: isCaptured(session),
      },
      application_status: application.status,
      application,
      signed_invoice_amount: signedInvoiceAmount,
      read_started_at: readStartedAt,
      order_id: orderId,
      order_paid_otherwise:
        orderId !== null && session !== null && (await paidByAnotherSession(container, session)),
      completion_due: completionDue(ledger, new Date()),
      recorded: {
        cart_fingerprint: ledger.cart_fingerprint,
        customer_fingerprint: ledger.customer_fingerprint,
        superseded_by_id: ledger.superseded_by_id,
        exception_reason: ledger.exception_reason,
      },
      action,
    }
    return new StepResponse(state)
  }
)

const SESSION_FIELDS = [
  "id",
  "status",
  "amount",
  "currency_code",
  "provider_id",
  "data",
  "payment_collection_id",
]

/**
 * The payment session holding the application: the one the ledger links, or else the financing session of
 * its payment collection that carries its public id (then linked). Null when Medusa has none: it deletes a
 * cart's sessions when the cart changes or another way to pay is chosen.
 */
async function liveSession(
  container: MedusaContainer,
  ledger: LedgerApplication & { public_id: string }
): Promise<PaymentSessionDTO | null> {
  const payments = container.resolve(Modules.PAYMENT)
  if (ledger.payment_session_id) {
    try {
      return await payments.retrievePaymentSession(ledger.payment_session_id, {
        select: SESSION_FIELDS,
        relations: ["payment", "payment.captures"],
      })
    } catch (error) {
      if ((error as { type?: unknown } | null)?.type === MedusaError.Types.NOT_FOUND) return null
      throw error
    }
  }
  if (!ledger.payment_collection_id) return null
  const sessions = await payments.listPaymentSessions(
    { payment_collection_id: ledger.payment_collection_id },
    { select: SESSION_FIELDS, relations: ["payment", "payment.captures"] }
  )
  const session = sessions.find(
    (candidate) =>
      isFinancingProviderId(candidate.provider_id) && candidate.data?.publicId === ledger.public_id
  )
  if (!session) return null
  await container
    .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    .ledger.linkSession(ledger.id, session.id)
  return session
}

/**
 * A payment with any capture is captured for the plugin: a funded contract the store's returns reduced is
 * captured for less than its authorization, and Medusa sets `captured_at` only on a full capture.
 */
function isCaptured(session: PaymentSessionDTO | null): boolean {
  const payment = session?.payment
  return Boolean(payment?.captured_at) || (payment?.captures?.length ?? 0) > 0
}

function signedInvoiceAmountOf(ledger: LedgerApplication): number | null {
  const signed: unknown = ledger.signed_invoice_amount
  return signed === null || signed === undefined ? null : Number(signed)
}

/** Whether a payment of the session's collection, not cancelled, came from another session. */
async function paidByAnotherSession(
  container: MedusaContainer,
  session: PaymentSessionDTO
): Promise<boolean> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "payment_session_id", "canceled_at"],
    filters: { payment_collection_id: session.payment_collection_id },
  })
  const payments = data as { payment_session_id: string; canceled_at: unknown }[]
  return payments.some((payment) => !payment.canceled_at && payment.payment_session_id !== session.id)
}
