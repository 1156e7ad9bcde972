import { FetchError } from "@medusajs/js-sdk"

/**
 * What to tell the merchant when a request of the plugin's admin screens failed. The routes write their
 * errors as a sentence for the merchant (the SDK's FetchError carries it); a request that got no answer at all
 * only has the browser's own words ("Failed to fetch"), which mean little to a merchant.
 */
export function adminErrorMessage(error: unknown): string {
  if (error instanceof FetchError) {
    return error.message || `The request failed (HTTP ${error.status ?? "error"}).`
  }
  if (error instanceof TypeError) return "Could not reach the server. Check your connection and try again."
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again."
}

/** The HTTP status of a failed request, when the server answered. */
export const statusOf = (error: unknown): number | undefined =>
  error instanceof FetchError ? error.status : undefined
