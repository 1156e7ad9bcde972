import { toast } from "@medusajs/ui"

import type { PostSaleAction } from "../../../domain/admin-api/types"
import { actionOutcome } from "../../lib/action-words"

/**
 * What the merchant is told after a button: the API answers 200 for a recorded action even when the lender
 * then refused it, so the action's own state decides the tone.
 */
export function toastActionOutcome(action: PostSaleAction): void {
  const outcome = actionOutcome(action)
  if (outcome.tone === "error") toast.error(outcome.text)
  else toast.success(outcome.text)
}

/**
 * A request the API refused carries the route's sentence for the merchant (a FetchError's message); a
 * request that never got an answer says "Failed to fetch", which means nothing to a merchant.
 */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return "Could not reach the server. Check your connection and try again."
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again."
}

export function toastRequestError(error: unknown): void {
  toast.error(requestErrorMessage(error))
}
