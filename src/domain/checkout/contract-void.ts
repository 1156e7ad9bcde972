import { RETURN_TYPES, type ReturnRequest } from "../../lib/financing/schemas"
import { findApplicationStage } from "../../lib/financing/schemas/statuses"
import { withoutUndefined } from "../without-undefined"
import { CONTRACT_EXCEPTION_TEXT, type ContractExceptionReason } from "./contract-exceptions"

/** What the void rule reads of a ledger application. */
export interface VoidableApplication {
  public_id: string | null
  status: string
  exception_reason: string | null
  exception_resolution: string | null
}

export interface ReturnAgent {
  name?: string
  email?: string
  phone?: string
}

export type ContractVoidPlan = { ok: true; request: ReturnRequest } | { ok: false; message: string }

/**
 * "Void at the service": a return request of type Return for the whole contract (spec 2.6), allowed only for
 * an open exception on a signed application with no return pending (spec §3's precondition of a return
 * request). A refusal says which rule, in words the merchant can act on.
 */
export function planContractVoid(
  application: VoidableApplication,
  /** Whether a return of this contract is still open at the service (the return queue's hasOpenReturn). */
  returnPending: boolean,
  agent: ReturnAgent | undefined
): ContractVoidPlan {
  if (!application.exception_reason || application.exception_resolution) {
    return {
      ok: false,
      message: application.exception_resolution
        ? `This exception was already ${application.exception_resolution}.`
        : "Only an application with an open exception can be voided here; use the order's return for an order.",
    }
  }
  const stage = findApplicationStage(application.status)
  if (!application.public_id || (stage !== "signed" && stage !== "funded")) {
    return {
      ok: false,
      message: `A contract can be voided only once signed; this application is ${application.status}.`,
    }
  }
  if (returnPending) {
    return { ok: false, message: "A return request for this contract is already pending at the service." }
  }
  const reason = application.exception_reason as ContractExceptionReason
  return {
    ok: true,
    request: withoutUndefined({
      agentName: agent?.name,
      email: agent?.email,
      phone: agent?.phone,
      returnType: RETURN_TYPES.Return,
      reason: `Voided by the store: ${CONTRACT_EXCEPTION_TEXT[reason]?.merchant ?? reason}`.slice(0, 500),
    }),
  }
}
