import type { PaymentSessionStatus } from "@medusajs/framework/types"

import {
  type ApplicationStage,
  type ApplicationStatusValue,
  findApplicationStage,
} from "../../lib/financing/schemas/statuses"

export type { ApplicationStage }

const UNCHANGED = "unchanged"

/**
 * Medusa payment session status by stage, not by status: a status the service starts sending maps through
 * the stage it is given in the contract's table. A Record, so a new stage fails the build until it is mapped.
 */
const STAGE_SESSION_STATUS: Record<ApplicationStage, PaymentSessionStatus | typeof UNCHANGED> = {
  open: "requires_more",
  waiting: "pending",
  // Only a signed contract may complete a cart.
  signed: "authorized",
  funded: "captured",
  refused: "error",
  error: "error",
  expired: "canceled",
  // Post-sale states say nothing new about the payment; the ledger records them.
  returning: UNCHANGED,
  returned: UNCHANGED,
}

function mappedStatus(status: unknown): PaymentSessionStatus | typeof UNCHANGED | undefined {
  const stage = findApplicationStage(status)
  return stage === undefined ? undefined : STAGE_SESSION_STATUS[stage]
}

/**
 * Medusa payment session status for a financing application status. Return statuses keep `previous`;
 * without it they map to `pending`, so an application under return can never complete a cart.
 */
export function toPaymentSessionStatus(
  status: ApplicationStatusValue,
  previous: PaymentSessionStatus = "pending"
): PaymentSessionStatus {
  const mapped = mappedStatus(status)
  // The contract parses statuses strictly; this guards callers that bypass it with an unchecked value.
  if (mapped === undefined) throw new Error(`Unknown financing application status "${String(status)}"`)
  return mapped === UNCHANGED ? previous : mapped
}

/** A signed (or funded) contract: the statuses that authorize or capture. */
export function isSignedContract(status: unknown): boolean {
  const mapped = mappedStatus(status)
  return mapped === "authorized" || mapped === "captured"
}

/** A return in flight or done: says nothing new about the payment, and must never complete a cart. */
export function isPostSale(status: ApplicationStatusValue): boolean {
  return mappedStatus(status) === UNCHANGED
}
