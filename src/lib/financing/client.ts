import { ENDPOINTS, EndpointDefinition, pathOf } from "./endpoints"
import { centsFromDecimal, centsToDecimalText } from "./money"
import {
  FinancingAuthenticationError,
  FinancingBadRequestError,
  FinancingError,
  FinancingOutcomeUnknownError,
  FinancingValidationError,
} from "./errors"
import { FinancingClientOptions, ResolvedFinancingClientOptions } from "./options"
import { classifyFailure } from "./retry-policy"
import {
  ApplicationCreated,
  ApplicationInput,
  ApplicationStatus,
  ApplicationStatusByPhone,
  ApplicationStatusList,
  CalendarDate,
  DeliveryInformation,
  DeliveryOutcome,
  FinancingPartner,
  FinancingPartnerList,
  HttpUrl,
  InvoiceFile,
  LowestPaymentOption,
  OrderReferences,
  Phone,
  PositiveMoney,
  ReturnReason,
  ReturnReasonList,
  ReturnRequest,
  StatusText,
  Token,
  deliveryOutcome,
  invoiceFileIssues,
  invoiceFileTypeOf,
  PathSegment,
  safeInvoiceFilename,
} from "./schemas"
import { TokenCache } from "./token-cache"
import { RequestBody, Transport } from "./transport"
import { parseResponse, validateRequest } from "./validation"

export interface CreateApplicationOptions {
  /** Sent as the Callback-Url header: the service posts there on every status change (spec 6). */
  callbackUrl?: string
}

export interface DeliveryInformationResult {
  /** The service's own text (spec 2.10). */
  status: string
  outcome: DeliveryOutcome
}

function encodedForms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ secret }).toString().slice("secret=".length),
  ]
}

/** How many recently issued tokens are kept for redaction: enough to cover a refresh in flight. */
const REMEMBERED_TOKENS = 4

/**
 * The financing service's whole interface (spec section 4), one method per endpoint. Every request is
 * checked against the spec before it is sent; every answer is parsed before it is returned.
 */
export class FinancingClient {
  private readonly options: ResolvedFinancingClientOptions
  private readonly transport: Transport
  private readonly tokens: TokenCache
  private readonly issuedTokens: string[] = []
  private readonly carriers: ReadonlySet<string> | undefined

  constructor(options: FinancingClientOptions) {
    this.options = validateRequest(FinancingClientOptions, options, "FinancingClient options")
    this.carriers = this.options.carriers && new Set(this.options.carriers)
    this.transport = new Transport({
      baseUrl: this.options.baseUrl,
      timeoutMs: this.options.timeoutMs,
      maxBodyBytes: this.options.maxInvoiceBytes + 64 * 1024,
      retry: {
        maxRetries: this.options.maxRetries,
        baseDelayMs: this.options.retryBaseDelayMs,
        maxDelayMs: this.options.retryMaxDelayMs,
        maxRetryAfterMs: this.options.maxRetryAfterMs,
      },
      // The password also travels form-encoded, and a service may echo the body it could not parse.
      secrets: () => [...encodedForms(this.options.password), ...this.issuedTokens],
      logger: this.options.logger,
    })
    this.tokens = new TokenCache({
      fetchToken: () => this.requestToken(),
      refreshMarginMs: this.options.tokenRefreshMarginMs,
    })
  }

  /**
   * Endpoint 1, through the shared cache: the current token, asking the service only when it must.
   * @endpoint token
   */
  async getToken(): Promise<string> {
    return this.tokens.get()
  }

  /** Endpoint 2: the lowest monthly payment for an amount. Needs no token. */
  async lowestPaymentOption(storeCode: string, financedAmount: number): Promise<LowestPaymentOption> {
    const endpoint = ENDPOINTS.lowestPaymentOption
    const code = validateRequest(PathSegment, storeCode, "storeCode", endpoint.name)
    const amount = validateRequest(PositiveMoney, financedAmount, "financedAmount", endpoint.name)
    const path = pathOf(endpoint, { code, financedAmount: centsToDecimalText(centsFromDecimal(amount)) })
    const response = await this.transport.send({ endpoint, path, body: { kind: "none" } })
    return parseResponse(LowestPaymentOption, response.body, endpoint.name, response.status)
  }

  /**
   * Endpoint 3: creates an application; send the shopper to its `link`. Never re-sent after an ambiguous
   * failure: that raises FinancingOutcomeUnknownError, and the caller starts a fresh application
   * (docs/client.md, "Retries", says why).
   */
  async createApplication(
    input: ApplicationInput,
    options: CreateApplicationOptions = {}
  ): Promise<ApplicationCreated> {
    const endpoint = ENDPOINTS.createApplication
    const application = validateRequest(ApplicationInput, input, "application", endpoint.name)
    const headers: Record<string, string> = {}
    if (options.callbackUrl !== undefined) {
      headers["Callback-Url"] = validateRequest(HttpUrl, options.callbackUrl, "callbackUrl", endpoint.name)
    }
    try {
      const body = await this.authorized(
        endpoint,
        pathOf(endpoint, {}),
        { kind: "json", value: application },
        headers
      )
      return parseResponse(ApplicationCreated, body.body, endpoint.name, body.status)
    } catch (error) {
      // Only the creation's own failure is ambiguous; a failed token request means nothing was sent.
      if (
        error instanceof FinancingError &&
        error.endpoint === endpoint.name &&
        classifyFailure(error) === "ambiguous"
      ) {
        throw new FinancingOutcomeUnknownError(endpoint.name, error)
      }
      throw error
    }
  }

  /** Endpoint 4: the status by public id; also accepts a pre-qualification id. */
  async getApplicationStatus(publicId: string): Promise<ApplicationStatus> {
    const endpoint = ENDPOINTS.applicationStatus
    const path = pathOf(endpoint, { publicId: this.validPublicId(publicId, endpoint) })
    const response = await this.authorized(endpoint, path, { kind: "none" })
    return parseResponse(ApplicationStatus, response.body, endpoint.name, response.status)
  }

  /**
   * Endpoint 5: the status by phone. Spec rule 1: never use this to validate or confirm an order; it is for
   * a person looking an application up.
   */
  async getApplicationStatusByPhone(phone: string): Promise<ApplicationStatusByPhone> {
    const endpoint = ENDPOINTS.applicationStatusByPhone
    const valid = validateRequest(Phone, phone, "phone", endpoint.name)
    const path = pathOf(endpoint, { phone: valid })
    const response = await this.authorized(endpoint, path, { kind: "none" })
    return parseResponse(ApplicationStatusByPhone, response.body, endpoint.name, response.status)
  }

  /** Endpoint 6: the applications of one store created on one day ('YYYY-MM-DD'). */
  async listApplications(storeCode: string, date: string): Promise<ApplicationStatus[]> {
    const endpoint = ENDPOINTS.listApplications
    const code = validateRequest(PathSegment, storeCode, "storeCode", endpoint.name)
    const day = validateRequest(CalendarDate, date, "date", endpoint.name)
    const path = pathOf(endpoint, { storeCode: code, date: day })
    const response = await this.authorized(endpoint, path, { kind: "none" })
    return parseResponse(ApplicationStatusList, response.body, endpoint.name, response.status)
  }

  /**
   * Endpoint 7: a return request, Return (2), Partial (4, with an amount) or Redraft (1); answers no
   * content.
   */
  async requestReturn(publicId: string, input: ReturnRequest): Promise<void> {
    const endpoint = ENDPOINTS.requestReturn
    const segment = this.validPublicId(publicId, endpoint)
    const request = validateRequest(ReturnRequest, input, "return request", endpoint.name)
    await this.authorized(endpoint, pathOf(endpoint, { publicId: segment }), {
      kind: "json",
      value: request,
    })
  }

  /**
   * Endpoint 8: the invoice file, sent as the multipart part `file`; its type is checked by name and
   * content, and its name is sent made safe (`safeInvoiceFilename`: printable ASCII, at most 100 characters).
   */
  async uploadInvoice(publicId: string, file: InvoiceFile): Promise<StatusText> {
    const endpoint = ENDPOINTS.uploadInvoice
    const segment = this.validPublicId(publicId, endpoint)
    const issues = invoiceFileIssues(file, this.options.maxInvoiceBytes)
    if (issues.length > 0)
      throw new FinancingValidationError("invoice file", issues, { endpoint: endpoint.name })
    const contentType =
      file.contentType ?? invoiceFileTypeOf(file.filename)?.contentType ?? "application/octet-stream"
    const form = new FormData()
    const blob = new Blob([Uint8Array.from(file.content)], { type: contentType })
    form.append("file", blob, safeInvoiceFilename(file.filename))
    const response = await this.authorized(endpoint, pathOf(endpoint, { publicId: segment }), {
      kind: "multipart",
      value: form,
    })
    return parseResponse(StatusText, response.body, endpoint.name, response.status)
  }

  /**
   * Endpoint 9: delivery information. The service reports an unknown application or one without a
   * contract in the status text, not with an error code (spec 7), so the outcome is returned for the caller
   * to act on.
   */
  async addDeliveryInformation(
    publicId: string,
    input: DeliveryInformation
  ): Promise<DeliveryInformationResult> {
    const endpoint = ENDPOINTS.deliveryInformation
    const segment = this.validPublicId(publicId, endpoint)
    const delivery = validateRequest(DeliveryInformation, input, "delivery information", endpoint.name)
    if (delivery.carrier !== undefined && this.carriers && !this.carriers.has(delivery.carrier)) {
      throw new FinancingValidationError(
        "delivery information",
        [{ path: "carrier", message: "must be one of the operator's carrier codes (option carriers)" }],
        { endpoint: endpoint.name }
      )
    }
    const response = await this.authorized(endpoint, pathOf(endpoint, { publicId: segment }), {
      kind: "json",
      value: delivery,
    })
    const { status } = parseResponse(StatusText, response.body, endpoint.name, response.status)
    return { status, outcome: deliveryOutcome(status) }
  }

  /** Endpoint 10: the store's references of an order, attached to its application; answers no content. */
  async addOrderReferences(publicId: string, orders: string[]): Promise<void> {
    const endpoint = ENDPOINTS.orderReferences
    const segment = this.validPublicId(publicId, endpoint)
    const references = validateRequest(OrderReferences, { orders }, "order references", endpoint.name)
    await this.authorized(endpoint, pathOf(endpoint, { publicId: segment }), {
      kind: "json",
      value: references,
    })
  }

  /** Endpoint 11: the active partners of the authenticated store. */
  async listFinancingPartners(): Promise<FinancingPartner[]> {
    const endpoint = ENDPOINTS.financingPartners
    const response = await this.authorized(endpoint, pathOf(endpoint, {}), { kind: "none" })
    return parseResponse(FinancingPartnerList, response.body, endpoint.name, response.status)
  }

  /** Endpoint 12: all the service's return reasons. */
  async listReturnReasons(): Promise<ReturnReason[]> {
    const endpoint = ENDPOINTS.returnReasons
    const response = await this.authorized(endpoint, pathOf(endpoint, {}), { kind: "none" })
    return parseResponse(ReturnReasonList, response.body, endpoint.name, response.status)
  }

  private async requestToken(): Promise<string> {
    const endpoint = ENDPOINTS.token
    const form = new URLSearchParams({ username: this.options.username, password: this.options.password })
    try {
      const response = await this.transport.send({
        endpoint,
        path: pathOf(endpoint, {}),
        body: { kind: "form", value: form },
      })
      const { jwt } = parseResponse(Token, response.body, endpoint.name, response.status)
      this.rememberToken(jwt)
      return jwt
    } catch (error) {
      // Some services answer bad credentials with 400; either way the fix is the username and password.
      if (error instanceof FinancingBadRequestError && !(error instanceof FinancingAuthenticationError)) {
        throw new FinancingAuthenticationError({
          endpoint: endpoint.name,
          status: error.status,
          messages: error.messages,
        })
      }
      throw error
    }
  }

  /** Sends with the shared token; on 401 drops that token, gets a new one and tries once more (spec 5.3). */
  private async authorized(
    endpoint: EndpointDefinition,
    path: string,
    body: RequestBody,
    headers?: Record<string, string>
  ) {
    const token = await this.tokens.get()
    try {
      return await this.transport.send({ endpoint, path, body, headers, token })
    } catch (error) {
      if (!(error instanceof FinancingAuthenticationError) || error.status !== 401) throw error
      this.tokens.invalidate(token)
      const fresh = await this.tokens.get()
      return this.transport.send({ endpoint, path, body, headers, token: fresh })
    }
  }

  /** A public id checked to be one path segment; `pathOf` percent-encodes it. */
  private validPublicId(publicId: string, endpoint: EndpointDefinition): string {
    return validateRequest(PathSegment, publicId, "publicId", endpoint.name)
  }

  private rememberToken(token: string): void {
    this.issuedTokens.unshift(token)
    this.issuedTokens.length = Math.min(this.issuedTokens.length, REMEMBERED_TOKENS)
  }
}
