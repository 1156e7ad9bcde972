import { createHmac, timingSafeEqual } from "node:crypto"
import type { ApplicationInput } from "../../lib/financing/schemas"

/*
 * Two proofs keyed from the callbackSecret, one per purpose, so that one can never stand in for the other:
 * - the callback proof in each session's Callback-Url: only the service, which received that URL, knows it;
 * - the seal on an application prepared from the cart by the store server: the provider accepts no other.
 */

const keyFor = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest()

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function callbackProof(secret: string, sessionId: string): string {
  return createHmac("sha256", keyFor(secret, "callback")).update(sessionId).digest("base64url")
}

export function isValidCallbackProof(secret: string, sessionId: string, proof: string): boolean {
  return sameText(callbackProof(secret, sessionId), proof)
}

/** The callback URL given to the service for one payment session. */
export function callbackUrlFor(backendUrl: string, secret: string, sessionId: string): string {
  const base = backendUrl.replace(/\/+$/, "")
  return `${base}/hooks/retail-financing/${encodeURIComponent(sessionId)}/${callbackProof(secret, sessionId)}`
}

/** What the store server hands the provider through the session's `data`. */
export interface PreparedApplication {
  application: ApplicationInput
  cartId: string
  paymentCollectionId: string
  /** The cart total the application was built for, in cents. */
  totalCents: number
  preparedAt: string
}

export interface SealedApplication {
  prepared: PreparedApplication
  seal: string
}

/** How long a prepared application stays good: long enough for one request, too short to replay later. */
export const PREPARED_APPLICATION_TTL_MS = 10 * 60 * 1000

export function sealApplication(secret: string, prepared: PreparedApplication): SealedApplication {
  return { prepared, seal: sealOf(secret, prepared) }
}

/** The prepared application when its seal holds and it is fresh; undefined for anything else. */
export function openSealedApplication(
  secret: string,
  sealed: unknown,
  now: number = Date.now()
): PreparedApplication | undefined {
  if (!sealed || typeof sealed !== "object") return undefined
  const { prepared, seal } = sealed as Partial<SealedApplication>
  if (!prepared || typeof seal !== "string" || !sameText(sealOf(secret, prepared), seal)) return undefined
  const age = now - Date.parse(prepared.preparedAt)
  return age >= 0 && age <= PREPARED_APPLICATION_TTL_MS ? prepared : undefined
}

function sealOf(secret: string, prepared: PreparedApplication): string {
  const key = keyFor(secret, "prepared-application")
  return createHmac("sha256", key).update(canonicalJson(prepared)).digest("base64url")
}

/** JSON with object keys sorted, so a store that reorders keys (PostgreSQL jsonb does) keeps the seal valid. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`
  }
  return JSON.stringify(value)
}
