import axios, { AxiosError, AxiosInstance, AxiosRequestConfig } from "axios"
import axiosRetry from "axios-retry"
import { EndpointDefinition } from "./endpoints"
import {
  FinancingConnectionError,
  FinancingError,
  FinancingResponseError,
  FinancingTimeoutError,
  apiErrorClassFor,
} from "./errors"
import { redact, serviceMessages } from "./redact"
import { RetryPolicyOptions, parseRetryAfter, retryDelayMs, shouldRetry } from "./retry-policy"

export interface FinancingLogger {
  debug?: (message: string) => void
  info?: (message: string) => void
  warn?: (message: string) => void
  error?: (message: string) => void
}

export interface TransportOptions {
  baseUrl: string
  timeoutMs: number
  retry: RetryPolicyOptions
  /** Largest body the client will send or accept; invoices are the large ones. */
  maxBodyBytes: number
  /** Every value that must never appear in an error or a log: the password and the tokens in use. */
  secrets: () => readonly string[]
  logger?: FinancingLogger
}

export type RequestBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "form"; value: URLSearchParams }
  | { kind: "multipart"; value: FormData }

export interface TransportRequest {
  endpoint: EndpointDefinition
  /** The path with its parameters already encoded. */
  path: string
  token?: string
  body: RequestBody
  headers?: Record<string, string>
}

export interface TransportResponse {
  status: number
  /** The parsed JSON body, or undefined for an empty one. */
  body: unknown
}

/**
 * HTTP for the client: one axios instance, timeouts, retries and the translation of every failure into a
 * FinancingError. Nothing axios-shaped (and so no request config holding headers) leaves this file.
 */
export class Transport {
  private readonly http: AxiosInstance

  constructor(private readonly options: TransportOptions) {
    this.http = axios.create({
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRedirects: 0,
      maxBodyLength: options.maxBodyBytes,
      maxContentLength: options.maxBodyBytes,
      // Bodies are read as text and parsed here, so a malformed answer is a clear error, not a string.
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      transitional: { clarifyTimeoutError: true, silentJSONParsing: false, forcedJSONParsing: false },
    })
    // axios's own timeout only notices a silent socket; a body that trickles in would never end. Each
    // attempt (axios-retry sends retries back through this interceptor) gets a deadline of its own.
    this.http.interceptors.request.use((config) => {
      config.signal = AbortSignal.timeout(options.timeoutMs)
      return config
    })
    axiosRetry(this.http, { retries: 0 })
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const { endpoint } = request
    const policy = this.options.retry
    const config: AxiosRequestConfig = {
      url: request.path,
      method: endpoint.method,
      headers: this.headersFor(request),
      data: bodyData(request.body),
      "axios-retry": {
        retries: policy.maxRetries,
        shouldResetTimeout: true,
        retryCondition: (error) =>
          shouldRetry(this.translate(error, endpoint), 0, endpoint.idempotent, policy),
        retryDelay: (retryNumber, error) =>
          retryDelayMs(retryNumber, this.translate(error, endpoint), policy),
        onRetry: (retryNumber, error) => {
          this.options.logger?.warn?.(
            `retail-financing: ${endpoint.name} failed (${this.translate(error, endpoint).message}); ` +
              `retry ${retryNumber} of ${policy.maxRetries}`
          )
        },
      },
    }
    try {
      const response = await this.http.request<string>(config)
      return { status: response.status, body: parseJsonBody(response.data, endpoint.name, response.status) }
    } catch (error) {
      throw this.translate(error, endpoint)
    }
  }

  private headersFor(request: TransportRequest): Record<string, string> {
    const headers: Record<string, string> = { Accept: "application/json", ...request.headers }
    if (request.token) headers.Authorization = `Bearer ${request.token}`
    // The spec asks for application/json on every call but the token and the upload, bodiless ones included.
    if (request.body.kind === "form") headers["Content-Type"] = "application/x-www-form-urlencoded"
    else if (request.body.kind !== "multipart") headers["Content-Type"] = "application/json"
    return headers
  }

  private translate(error: unknown, endpoint: EndpointDefinition): FinancingError {
    if (error instanceof FinancingError) return error
    const secrets = this.options.secrets()
    if (!axios.isAxiosError(error)) {
      const message = error instanceof Error ? error.message : String(error)
      return new FinancingError(`${endpoint.name} failed: ${redact(message, secrets)}`, {
        endpoint: endpoint.name,
      })
    }
    return translateAxiosError(error, endpoint.name, this.options.timeoutMs, secrets)
  }
}

function translateAxiosError(
  error: AxiosError,
  endpoint: string,
  timeoutMs: number,
  secrets: readonly string[]
): FinancingError {
  if (error.response) {
    const { status, data, headers } = error.response
    const retryAfter = headers?.["retry-after"] as string | undefined
    const ErrorClass = apiErrorClassFor(status)
    return new ErrorClass({
      endpoint,
      status,
      messages: serviceMessages(data, secrets),
      retryAfterMs: parseRetryAfter(retryAfter),
    })
  }
  if (error.code === "ETIMEDOUT" || error.code === "ECONNABORTED" || error.code === "ERR_CANCELED")
    return new FinancingTimeoutError(endpoint, timeoutMs)
  const code = error.code ?? (error.cause as { code?: string } | undefined)?.code
  return new FinancingConnectionError(
    endpoint,
    redact(error.message || code || "connection failed", secrets),
    code
  )
}

function bodyData(body: RequestBody): unknown {
  switch (body.kind) {
    case "none":
      return undefined
    case "json":
      return JSON.stringify(body.value)
    case "form":
      return body.value.toString()
    case "multipart":
      return body.value
  }
}

function parseJsonBody(text: string | undefined, endpoint: string, status: number): unknown {
  if (text === undefined || text.trim() === "") return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new FinancingResponseError(endpoint, status, [{ path: "", message: "is not JSON" }])
  }
}
