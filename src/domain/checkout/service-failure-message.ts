import {
  FinancingApiError,
  FinancingConnectionError,
  type FinancingError,
  FinancingNotFoundError,
  FinancingOutcomeUnknownError,
  FinancingServerError,
} from "../../lib/financing/errors"

/**
 * What a shopper (or the merchant in the admin) is told when the service fails: no URL, token or service
 * wording. The detail, without secrets, goes to the log. One text per kind of failure, shared by the
 * store server's creation of an application and the provider's status reads.
 */
export function shopperMessageFor(error: FinancingError): string {
  if (error instanceof FinancingOutcomeUnknownError)
    return "The financing service did not answer in time. Please try again."
  if (error instanceof FinancingNotFoundError) return "The financing service does not know this application."
  if (error instanceof FinancingConnectionError || error instanceof FinancingServerError) {
    return "The financing service could not be reached. Please try again or choose another way to pay."
  }
  if (error instanceof FinancingApiError)
    return "The financing service refused this request. Please choose another way to pay."
  return "The financing request could not be made. Please choose another way to pay."
}
