import type { ReturnRequest } from "../../lib/financing/schemas"

/** What a `return_request` action records: read by its performer, and by the admin's view of the action. */
export interface ReturnPayload {
  request: ReturnRequest
  /** What this request gives back, kept for the ledger's sum of returns (a Return sends no amount). */
  amount_cents: number
}
