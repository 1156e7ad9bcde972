import type { MedusaResponse } from "@medusajs/framework/http"

import {
  SERVICE_FAILURE_CODES,
  type ServiceFailureKind,
  merchantMessageFor,
  serviceFailureKindOf,
  serviceFailureKindOfCode,
  shopperFailureMessage,
} from "../domain/checkout/service-failure-message"
import type { ShopperLanguage } from "../domain/shopper-text"
import { FinancingError } from "../lib/financing/errors"

/**
 * The HTTP answer of each kind of service failure. Medusa's error handler maps its error types to 400, 401,
 * 403, 404, 409, 422 or 500 and has nothing for a gateway's failures, so the plugin answers these itself:
 * 503 when the service cannot be reached or is failing (try again later), 504 when it did not answer in time,
 * 502 when it refused the request or its answer could not be used. None of them is the caller's fault, and
 * none is a 500: the store did what it should.
 */
const ANSWERS: Readonly<Record<ServiceFailureKind, { status: number; type: string }>> = {
  unavailable: { status: 503, type: "service_unavailable" },
  timeout: { status: 504, type: "service_timeout" },
  not_found: { status: 502, type: "service_error" },
  refused: { status: 502, type: "service_error" },
  unusable: { status: 502, type: "service_error" },
}

export interface ServiceFailureAnswer {
  status: number
  /** Medusa's error shape: `type` the class of answer, `code` the failure, `message` a sentence to show. */
  body: { type: string; code: string; message: string }
}

/**
 * The answer to a store request whose workflow failed at the service: the step threw a Medusa error whose
 * `code` names the failure and whose message is already the shopper's (the workflow hands it on as a plain
 * object). Undefined for any other error, which Medusa's handler answers as usual.
 */
export function storeServiceFailureAnswer(
  error: unknown,
  language: ShopperLanguage = "en"
): ServiceFailureAnswer | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const kind = serviceFailureKindOfCode(code)
  if (!kind || typeof message !== "string") return undefined
  // The step wrote the English sentence; the code says which, so the request's language gets its own.
  return answerOf(kind, shopperFailureMessage(kind, language))
}

/** The answer to an admin request that asked the service directly and failed, in the merchant's words. */
export function adminServiceFailureAnswer(error: unknown): ServiceFailureAnswer | undefined {
  if (!(error instanceof FinancingError)) return undefined
  return answerOf(serviceFailureKindOf(error), merchantMessageFor(error))
}

export function sendServiceFailure(res: MedusaResponse, answer: ServiceFailureAnswer): void {
  res.status(answer.status).json(answer.body)
}

function answerOf(kind: ServiceFailureKind, message: string): ServiceFailureAnswer {
  const { status, type } = ANSWERS[kind]
  return { status, body: { type, code: SERVICE_FAILURE_CODES[kind], message } }
}
