import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  PaymentSessionStatus,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"

import { type StatusRead, openSealedApplication, openSealedStatus } from "../../domain/checkout/proofs"
import { shopperMessageFor } from "../../domain/checkout/service-failure-message"
import { sharedFinancingClient } from "../../config/financing-client"
import { locationOfStoreCode } from "../../config/locations"
import { fromCents, toCents } from "../../domain/money"
import { captureRefusalMessage } from "../../domain/checkout/capture-refusal"
import { contractCoversCart } from "../../domain/checkout/contract-covers-cart"
import { fundedCaptureCents } from "../../domain/checkout/funded-capture"
import type { FinancingClient } from "../../lib/financing/client"
import { FinancingError } from "../../lib/financing/errors"
import { type FinancingSessionData, sessionDataOf } from "../../domain/checkout/session-data"
import { parseOptions, type RetailFinancingOptions } from "../../config/options"
import { FINANCING_PROVIDER_IDENTIFIER } from "../../config/provider-id"
import { isSignedContract, toPaymentSessionStatus } from "../../domain/checkout/status-map"

// The payment module's provider container holds only these (and configModule): no query, no cart.
type InjectedDependencies = { logger: Logger }

export class RetailFinancingProviderService extends AbstractPaymentProvider<RetailFinancingOptions> {
  static override identifier = FINANCING_PROVIDER_IDENTIFIER

  protected readonly logger_: Logger

  // Medusa calls this at boot, then the constructor with the same object: parseOptions parses it once.
  static override validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
  }

  // Public on purpose: ModuleProvider() rejects a class whose constructor is protected.
  constructor(container: InjectedDependencies, options: unknown) {
    super(container, parseOptions(options))
    this.logger_ = container.logger
  }

  /** The client of a store code's credentials: the service answers a store's token only about its own. */
  protected clientOf(storeCode: string | undefined): FinancingClient {
    return sharedFinancingClient(
      this.config,
      this.logger_,
      locationOfStoreCode(this.config, storeCode).credentials
    )
  }

  /**
   * Starts the session on the application the store server has already created from the cart (the
   * payment-session middleware runs the start-financing-application workflow, which records it in the
   * ledger and asks the service for it). The provider cannot reach the ledger, so it takes the reference the
   * server sealed, and nothing else: whatever a browser put in `data` is dropped, and no service call is made.
   */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const prepared = openSealedApplication(this.config.callbackSecret, input.data?.sealed_application)
    if (!prepared) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A retail financing session can only be started through the store API " +
          "(POST /store/payment-collections/:id/payment-sessions), which builds the application from the cart."
      )
    }
    if (prepared.amountCents !== toCents(input.amount)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The cart total changed while the financing application was being prepared; please try again."
      )
    }
    const sessionData: FinancingSessionData = {
      applicationId: prepared.applicationId,
      publicId: prepared.publicId,
      // Only a location's code: a top-level store's session holds what it held before locations existed.
      ...(prepared.storeCode !== this.config.storeCode && { storeCode: prepared.storeCode }),
      link: prepared.link,
      applicationStatus: "Pending",
      cartId: prepared.cartId,
      amountCents: prepared.amountCents,
      createdDate: prepared.createdDate,
    }
    // `sealed_application` is overwritten with null: the module merges this data into what the middleware
    // sent, and the session keeps only what a storefront needs.
    return { id: prepared.publicId, status: "pending", data: { ...sessionData, sealed_application: null } }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    // The sync seals the status it has just read into the session's data before Medusa authorizes: taken
    // here, it spares a second read of the same status. Only here: the data a capture gets is the payment's,
    // copied at authorization, and a status sealed then is the one that capture must not trust.
    const sealed = openSealedStatus(
      this.config.callbackSecret,
      input.data?.recentStatus,
      sessionDataOf(input.data).publicId
    )
    // The server's seal may carry what the ledger recorded the contract was signed for (an order's payment
    // repaired after the store's returns lowered it): the contract is held to the cart by that, as at capture.
    const signedAmount = sealed?.signedInvoiceAmount ?? null
    const { status, data, application } = await this.readStatus(
      input.data,
      undefined,
      sealed,
      signedAmount === null ? undefined : toCents(signedAmount)
    )
    // The payment's data is copied from here, and a capture gets only that: what the contract was signed for
    // is kept in it, from this read or the server's seal (never from the incoming data), for the capture to
    // judge by.
    const signedCents =
      signedAmount !== null
        ? toCents(signedAmount)
        : application.invoiceAmount !== null
          ? toCents(application.invoiceAmount)
          : null
    const contractSigned = status === "authorized" || status === "captured"
    const signed = contractSigned && signedCents !== null ? { signedInvoiceCents: signedCents } : {}
    // What the shopper still owes the store, as this read says: the cart's answer tells the shopper from the
    // order's payment when the order is placed before the signed callback reaches the ledger.
    const inStoreAmount = application.totalInStorePayment ?? null
    const inStore =
      contractSigned && inStoreAmount !== null ? { inStorePaymentCents: toCents(inStoreAmount) } : {}
    // None of these figures is the browser's to set: all are written by this provider only.
    const {
      signedInvoiceCents: _signed,
      capturedInvoiceCents: _captured,
      inStorePaymentCents: _inStore,
      ...clean
    } = data
    // "captured" here makes Medusa capture the whole authorization at once. A funded contract worth less than
    // that now (the store's returns lowered it) is only authorized: the sync's capture then takes what a
    // funded capture takes (fundedCaptureCents, capture-financed-payment.ts).
    const amountCents = sessionDataOf(data).amountCents
    const worthLess =
      status === "captured" && fundedCaptureCents(amountCents, application.invoiceAmount) < amountCents
    return { status: worthLess ? "authorized" : status, data: { ...clean, ...signed, ...inStore } }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const { status, data } = await this.readStatus(input.data)
    return { status, data }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const { data } = await this.readStatus(input.data)
    return { data }
  }

  /**
   * The lender's payment to the store is the capture: only a Funded contract is captured. Medusa does not
   * call this again for a payment already captured.
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const capturedInvoiceCents = Number(input.data?.capturedInvoiceCents)
    if (
      Number.isSafeInteger(capturedInvoiceCents) &&
      capturedInvoiceCents < sessionDataOf(input.data).amountCents
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Retail financing application ${String(input.data?.publicId)} is captured already, for what the lender ` +
          "funded; the rest of the authorization is what the store's returns took off the contract."
      )
    }
    const signedInvoiceCents = Number(input.data?.signedInvoiceCents)
    const { status, data, application } = await this.readStatus(
      input.data,
      "authorized",
      undefined,
      Number.isSafeInteger(signedInvoiceCents) ? signedInvoiceCents : undefined
    )
    if (status === "error" && isSignedContract(data.applicationStatus)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Retail financing application ${String(data.publicId)} was signed for less than the cart total; ` +
          "it cannot be captured. Contact the financing service."
      )
    }
    if (status !== "captured") {
      // The dashboard shows this message as it is: plain words on what the lender still waits for.
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, captureRefusalMessage(data.applicationStatus))
    }
    // A contract the store's returns reduced is captured for less than its authorization (see
    // capture-financed-payment.ts); the invoice amount kept here refuses a capture of the rest, which Medusa
    // would otherwise offer. A contract captured whole may be captured again, as before.
    return { data: { ...data, capturedInvoiceCents: toCents(application.invoiceAmount ?? 0) } }
  }

  // The spec has no endpoint to cancel or withdraw an application; an unsigned one simply expires.
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: input.data }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data }
  }

  // A created application's lines cannot change (the spec has no such endpoint); Medusa replaces the
  // session when the cart total changes, and calls this only to store new data or a new status.
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: input.data }
  }

  /**
   * The lender, not the store, pays the shopper back, and it hears of a refund as a return request (spec
   * 2.6). The provider cannot reach the plugin's ledger, so it accepts the refund and the payment.refunded
   * subscriber records and sends that request, durably and once per refund.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return { data: input.data }
  }

  // Status callbacks need synchronous authentication and must handle declines, which Medusa's generic
  // webhook route cannot give; they arrive at the plugin's own route, /hooks/retail-financing.
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: "not_supported" }
  }

  /**
   * Reads the status (or takes a sealed read) and maps it. `signedInvoiceCents`, when the payment's data
   * holds it, is what the contract was signed for: the contract is held to the cart by it, not by the read's
   * invoice amount, which the store's own returns lower.
   */
  private async readStatus(
    sessionData: Record<string, unknown> | undefined,
    previous?: PaymentSessionStatus,
    alreadyRead?: StatusRead,
    signedInvoiceCents?: number
  ): Promise<{
    status: PaymentSessionStatus
    data: Record<string, unknown>
    application: StatusRead
  }> {
    const session = sessionDataOf(sessionData)
    const application =
      alreadyRead ??
      (await this.callService(() => this.clientOf(session.storeCode).getApplicationStatus(session.publicId)))
    const signedInvoiceAmount =
      signedInvoiceCents === undefined ? application.invoiceAmount : fromCents(signedInvoiceCents)
    const status = this.guardContractAmount(
      signedInvoiceAmount,
      session,
      toPaymentSessionStatus(application.status, previous)
    )
    // A sealed read is for one authorization: it is not carried on into the payment's data.
    const { recentStatus: _used, ...rest } = sessionData ?? {}
    return {
      status,
      data: { ...rest, ...session, applicationStatus: application.status },
      application,
    }
  }

  /** A signed contract that does not cover the cart is an error here, as in the status callback. */
  private guardContractAmount(
    signedInvoiceAmount: number | null,
    session: FinancingSessionData,
    status: PaymentSessionStatus
  ): PaymentSessionStatus {
    if (status !== "authorized" && status !== "captured") return status
    if (contractCoversCart(signedInvoiceAmount, session.amountCents)) return status
    this.logger_.warn(
      `retail-financing: application ${session.publicId} was signed for ${signedInvoiceAmount}, ` +
        `less than the cart's ${fromCents(session.amountCents)}; the payment is not authorized.`
    )
    return "error"
  }

  /** Service failures become Medusa errors a shopper can read; the detail goes to the log. */
  private async callService<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof FinancingError)) throw error
      this.logger_.warn(`retail-financing: ${error.message}`)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, shopperMessageFor(error))
    }
  }
}
