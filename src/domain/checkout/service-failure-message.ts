import {
  FinancingApiError,
  FinancingConnectionError,
  FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingRateLimitError,
  FinancingServerError,
  FinancingTimeoutError,
} from "../../lib/financing/errors"
import { type ShopperLanguage, shopperText } from "../shopper-text"

/**
 * What went wrong with the service, as a caller needs to tell it apart (each has its own HTTP status at the
 * store's edge, and its own words): the service could not be reached or is failing; it did not answer in
 * time; it does not know the application; it refused the request; or the request or answer broke the spec
 * (the store's side or the service's, nothing the shopper can fix).
 */
export type ServiceFailureKind = "unavailable" | "timeout" | "not_found" | "refused" | "unusable"

/**
 * The machine-readable code of each kind, carried as the `code` of the Medusa error a workflow step throws
 * (a workflow rethrows a step's error as a plain object, keeping its own fields) and sent to the storefront
 * beside the sentence, so a storefront can branch on it without reading the text.
 */
export const SERVICE_FAILURE_CODES: Readonly<Record<ServiceFailureKind, string>> = {
  unavailable: "financing_service_unavailable",
  timeout: "financing_service_timeout",
  not_found: "financing_application_unknown",
  refused: "financing_service_refused",
  unusable: "financing_request_unusable",
}

export function serviceFailureKindOf(error: FinancingError): ServiceFailureKind {
  // A creation whose outcome is unknown is a timeout only when it timed out: a 503 answered at once, or a
  // connection reset, is a service that is not available, whatever it may have done.
  const failure = error instanceof FinancingOutcomeUnknownError ? causeOf(error) : error
  if (failure instanceof FinancingTimeoutError) return "timeout"
  if (
    failure instanceof FinancingConnectionError ||
    failure instanceof FinancingServerError ||
    failure instanceof FinancingRateLimitError ||
    failure instanceof FinancingOutcomeUnknownError
  )
    return "unavailable"
  if (failure instanceof FinancingNotFoundError) return "not_found"
  if (failure instanceof FinancingApiError) return "refused"
  // A request off the spec is the store's fault, an answer off the spec the service's: neither the
  // shopper's to fix.
  return "unusable"
}

const causeOf = (error: FinancingOutcomeUnknownError): FinancingError =>
  error.cause instanceof FinancingError ? error.cause : error

/** The merchant's words in the admin: the same facts, without sending anyone to another way to pay. */
const MERCHANT_MESSAGES: Readonly<Record<ServiceFailureKind, string>> = {
  unavailable: "The financing service is not available right now; try again in a few minutes.",
  timeout: "The financing service did not answer in time; try again in a few minutes.",
  not_found: "The financing service does not know this application.",
  refused: "The financing service refused this request.",
  unusable: "The financing service's answer could not be read, or the request broke its rules.",
}

/**
 * What a shopper is told when the service fails. The detail, without secrets, goes to the log. One text per
 * kind of failure, shared by the store server's creation of an application and the provider's status reads.
 */
export function shopperMessageFor(error: FinancingError, language: ShopperLanguage = "en"): string {
  return shopperFailureMessage(serviceFailureKindOf(error), language)
}

/**
 * The shopper's words for a kind of failure (the catalogue's `service_<kind>`): no URL, token or service
 * wording, and what to do next.
 */
export function shopperFailureMessage(kind: ServiceFailureKind, language: ShopperLanguage): string {
  return shopperText(language, `service_${kind}`)
}

/** What the merchant is told in the admin when a lookup at the service fails. */
export function merchantMessageFor(error: FinancingError): string {
  return MERCHANT_MESSAGES[serviceFailureKindOf(error)]
}

/** The kind a code of SERVICE_FAILURE_CODES stands for, or undefined for any other value. */
export function serviceFailureKindOfCode(code: unknown): ServiceFailureKind | undefined {
  return (Object.keys(SERVICE_FAILURE_CODES) as ServiceFailureKind[]).find(
    (kind) => SERVICE_FAILURE_CODES[kind] === code
  )
}
