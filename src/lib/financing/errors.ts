import { inspect } from "node:util"

/** One field that broke one rule: `products[0].value` — "must have at most 2 decimal places". */
export interface ValidationIssue {
  path: string
  message: string
}

/**
 * Base of every error the client throws. Its enumerable fields are the whole of what it carries: no request
 * config, no headers, no body, so serialising or inspecting one can never reveal a password or a token.
 */
export class FinancingError extends Error {
  /** The endpoint as a template (`GET /v2/applications/{publicId}/status`), when a request was involved. */
  readonly endpoint: string | undefined

  constructor(message: string, options: { endpoint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.endpoint = options.endpoint
  }

  toJSON(): Record<string, unknown> {
    const { stack: _stack, ...fields } = { ...this } as Record<string, unknown>
    return { name: this.name, message: this.message, ...fields }
  }

  [inspect.custom](): string {
    return `${this.stack ?? `${this.name}: ${this.message}`}\n${inspect(this.toJSON(), { depth: 4 })}`
  }
}

/** A request or option broke a rule of the spec; raised before anything is sent. */
export class FinancingValidationError extends FinancingError {
  readonly issues: readonly ValidationIssue[]

  constructor(subject: string, issues: readonly ValidationIssue[], options: { endpoint?: string } = {}) {
    super(
      `${subject} is invalid: ${issues.map((issue) => `${issue.path || "(root)"} ${issue.message}`).join("; ")}`,
      options
    )
    this.issues = issues
  }
}

/** The service answered, but with a body this client cannot read as the spec describes. */
export class FinancingResponseError extends FinancingError {
  readonly status: number
  readonly issues: readonly ValidationIssue[]

  constructor(endpoint: string, status: number, issues: readonly ValidationIssue[]) {
    super(
      `${endpoint} answered ${status} with an unexpected body: ${issues
        .map((issue) => `${issue.path || "(root)"} ${issue.message}`)
        .join("; ")}`,
      { endpoint }
    )
    this.status = status
    this.issues = issues
  }
}

export interface ApiErrorDetails {
  endpoint: string
  status: number
  /** What the service said, secrets removed. */
  messages: readonly string[]
  /** From Retry-After, when the service sent one. */
  retryAfterMs?: number
}

/** The service answered with an HTTP error status. Subclasses by status: see `apiErrorClassFor`. */
export class FinancingApiError extends FinancingError {
  readonly status: number
  readonly messages: readonly string[]
  readonly retryAfterMs: number | undefined

  constructor(details: ApiErrorDetails) {
    const said = details.messages.length > 0 ? `: ${details.messages.join("; ")}` : ""
    super(`${details.endpoint} answered ${details.status}${said}`, { endpoint: details.endpoint })
    this.status = details.status
    this.messages = details.messages
    this.retryAfterMs = details.retryAfterMs
  }
}

/** 401 / 403: wrong credentials, or a token the service no longer accepts. */
export class FinancingAuthenticationError extends FinancingApiError {}
/** 404: no such application, store or route. */
export class FinancingNotFoundError extends FinancingApiError {}
/** 400 / 422: the service refused the request's content. */
export class FinancingBadRequestError extends FinancingApiError {}
/** 409: the request conflicts with the application's state (a pending return, a reused reference number). */
export class FinancingConflictError extends FinancingApiError {}
/** 429: too many requests. */
export class FinancingRateLimitError extends FinancingApiError {}
/** 5xx: the service failed. */
export class FinancingServerError extends FinancingApiError {}

type ApiErrorClass = new (details: ApiErrorDetails) => FinancingApiError

/** HTTP status to error class, in one place. */
const API_ERROR_CLASSES: ReadonlyArray<[(status: number) => boolean, ApiErrorClass]> = [
  [(status) => status === 401 || status === 403, FinancingAuthenticationError],
  [(status) => status === 404, FinancingNotFoundError],
  [(status) => status === 409, FinancingConflictError],
  [(status) => status === 429, FinancingRateLimitError],
  [(status) => status === 400 || status === 422, FinancingBadRequestError],
  [(status) => status >= 500, FinancingServerError],
]

export function apiErrorClassFor(status: number): ApiErrorClass {
  return API_ERROR_CLASSES.find(([applies]) => applies(status))?.[1] ?? FinancingApiError
}

/** No answer at all: refused, reset, unresolvable host. */
export class FinancingConnectionError extends FinancingError {
  /** The socket error code (ECONNREFUSED, ECONNRESET, ...), when there was one. */
  readonly code: string | undefined

  constructor(endpoint: string, message: string, code?: string) {
    super(`${endpoint} could not be reached: ${message}`, { endpoint })
    this.code = code
  }
}

/** No answer in time. The request may or may not have been carried out. */
export class FinancingTimeoutError extends FinancingConnectionError {
  readonly timeoutMs: number

  constructor(endpoint: string, timeoutMs: number) {
    super(endpoint, `no answer within ${timeoutMs} ms`, "ETIMEDOUT")
    this.timeoutMs = timeoutMs
  }
}

/**
 * An application creation failed in a way that leaves its outcome unknown (a timeout, a reset connection,
 * a 5xx). It is not re-sent: see docs/client.md. If the service did create it, no one holds its link, so the
 * shopper cannot sign it and it expires.
 */
export class FinancingOutcomeUnknownError extends FinancingError {
  constructor(endpoint: string, cause: FinancingError) {
    super(`${endpoint} may or may not have been carried out (${cause.message}); it was not re-sent`, {
      endpoint,
      cause,
    })
  }
}

/**
 * Whether an error came from asking the service (no answer, an error status, an answer off the spec), as
 * opposed to a fault of the store's own. Workflows rethrow a step's error as a plain object that keeps its
 * name and message, so the name is what is checked.
 */
export function isFinancingFailure(error: unknown): boolean {
  if (error instanceof FinancingError) return true
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === "string" && /^Financing[A-Za-z]*Error$/.test(name)
}
