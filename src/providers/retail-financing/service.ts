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

import { FinancingClient } from "../../lib/financing/client"
import type { ApplicationStatusValue } from "../../lib/financing/schemas/statuses"
import { parseOptions, type RetailFinancingOptions } from "./options"
import { toPaymentSessionStatus } from "./status-map"

// The payment module's provider container holds only these (and configModule): no query, no cart.
type InjectedDependencies = {
  logger: Logger
}

type SessionData = Record<string, unknown> | undefined

type ReadStatus = {
  status: PaymentSessionStatus
  data: Record<string, unknown>
}

export class RetailFinancingProviderService extends AbstractPaymentProvider<RetailFinancingOptions> {
  static override identifier = "retail-financing"

  protected readonly logger_: Logger
  private client_: FinancingClient | undefined

  static override validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
  }

  // Public on purpose: ModuleProvider() rejects a class whose constructor is protected.
  constructor(container: InjectedDependencies, options: unknown) {
    super(container, parseOptions(options))
    this.logger_ = container.logger
  }

  // Built on first use so booting Medusa never needs the financing service to be reachable.
  protected get client(): FinancingClient {
    const { baseUrl, username, password, timeoutMs, maxRetries } = this.config
    this.client_ ??= new FinancingClient({
      baseUrl,
      username,
      password,
      timeoutMs,
      maxRetries,
      logger: this.logger_,
    })
    return this.client_
  }

  async initiatePayment(_input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Retail financing sessions cannot be started from client data: the financing application must be " +
        "built server-side from the cart, which this version of the plugin does not do yet."
    )
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return this.readStatus(input.data)
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return this.readStatus(input.data)
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const { data } = await this.readStatus(input.data)
    return { data }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    // A payment only exists once its session was authorized, hence the fallback for return statuses.
    const { status, data } = await this.readStatus(input.data, "authorized")
    if (status !== "authorized" && status !== "captured") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot capture retail financing application ${String(data.publicId)}: its status is ` +
          `${String(data.applicationStatus)}, not a signed or funded contract.`
      )
    }
    return { data }
  }

  // The spec has no endpoint to cancel or withdraw an application; an unsigned one simply expires.
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: input.data }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data }
  }

  // Amounts of a created application cannot change (spec section 4 has no such endpoint).
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: input.data }
  }

  // Recording a refund the lender never heard of would be worse than refusing it.
  async refundPayment(_input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Retail financing refunds go through a return request to the financing service, which this " +
        "version of the plugin does not send yet."
    )
  }

  // Status callbacks need synchronous authentication, which Medusa's generic webhook route cannot give;
  // the plugin will handle them in its own route.
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: "not_supported" }
  }

  private async readStatus(sessionData: SessionData, previous?: PaymentSessionStatus): Promise<ReadStatus> {
    const publicId = sessionData?.publicId
    if (typeof publicId !== "string" || publicId.length === 0) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Retail financing payment data has no application publicId."
      )
    }
    const application = await this.client.getApplicationStatus(publicId)
    const applicationStatus: ApplicationStatusValue = application.status
    return {
      status: toPaymentSessionStatus(applicationStatus, previous),
      data: { ...sessionData, publicId, applicationStatus },
    }
  }
}
