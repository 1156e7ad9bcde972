import { createHmac, timingSafeEqual } from "node:crypto"

import type { ApplicationStatus, ApplicationStatusValue } from "../../lib/financing/schemas"

/*
 * Three proofs keyed from the callbackSecret, one per purpose, so that one can never stand in for another:
 * - the callback proof in each application's Callback-Url: only the service, which received that URL, knows it;
 * - the seal on the application the store server created from the cart: the provider accepts no other;
 * - the seal on a status the store server has just read: the provider may take it instead of reading again.
 */

const keyFor = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest()

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function callbackProof(secret: string, key: string): string {
  return createHmac("sha256", keyFor(secret, "callback")).update(key).digest("base64url")
}

export function isValidCallbackProof(secret: string, key: string, proof: string): boolean {
  return sameText(callbackProof(secret, key), proof)
}

/**
 * The callback URL given to the service for one application. The key is the application's ledger id (a
 * payment session id for applications created before the ledger knew them from their creation).
 */
export function callbackUrlFor(backendUrl: string, secret: string, key: string): string {
  const base = backendUrl.replace(/\/+$/, "")
  return `${base}/hooks/retail-financing/${encodeURIComponent(key)}/${callbackProof(secret, key)}`
}

/**
 * What the store server hands the provider through the session's `data`: the application it has already
 * created at the service and recorded in the ledger, by reference. Nothing of the shopper's is in it: the
 * session row holds this while Medusa calls the provider, and the store API shows the row to the browser.
 */
export interface PreparedApplication {
  /** The ledger's id of the application: its reference number and the key of its callback URL. */
  applicationId: string
  publicId: string
  /** The store code it was made for. */
  storeCode: string
  /** The service's page where the shopper applies and signs. */
  link: string
  cartId: string
  /** The cart total the application was made for, in cents. */
  amountCents: number
  /** Creation day (UTC, YYYY-MM-DD). */
  createdDate: string
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

/**
 * A status the store server read from the service moments ago, put in the session's data before Medusa asks
 * the provider to authorize or capture: the provider takes it instead of reading the same status again.
 * Sealed, so only the server's own reads count (the session data is not the browser's to write, but the seal
 * does not rely on that), and fresh for SEALED_STATUS_FRESH_MS only.
 */
export interface SealedStatus {
  publicId: string
  status: ApplicationStatusValue
  invoiceAmount: number | null
  /**
   * What the ledger recorded the contract was signed for, when it did: the provider holds the contract to the
   * cart by it, as a capture does, since the store's returns lower `invoiceAmount` after signing.
   */
  signedInvoiceAmount?: number | null
  /** The contract's in-store payment as read, for the payment's data (absent from seals made before it). */
  totalInStorePayment?: number | null
  /** When the read started (ISO): its age is counted from there. */
  readAt: string
  seal: string
}

/** Long enough to span one sync's work (its read, then Medusa's authorization), short enough to be current. */
export const SEALED_STATUS_FRESH_MS = 60_000
/** Clocks of two servers may differ a little: a read stamped slightly ahead is still taken. */
const CLOCK_SKEW_MS = 5_000

/** What the checks after a status read need of it; the in-store payment is absent from older seals. */
export type StatusRead = Pick<ApplicationStatus, "status" | "invoiceAmount"> &
  Partial<Pick<ApplicationStatus, "totalInStorePayment">> & {
    signedInvoiceAmount?: number | null
  }

export function sealStatus(secret: string, publicId: string, read: StatusRead, readAt: Date): SealedStatus {
  const fields = {
    publicId,
    status: read.status,
    invoiceAmount: read.invoiceAmount,
    // Left out when unknown, so a seal made without it reads as before.
    ...(read.signedInvoiceAmount === undefined ? {} : { signedInvoiceAmount: read.signedInvoiceAmount }),
    ...(read.totalInStorePayment === undefined ? {} : { totalInStorePayment: read.totalInStorePayment }),
    readAt: readAt.toISOString(),
  }
  return { ...fields, seal: statusSealOf(secret, fields) }
}

/** The status when the seal holds, names this application and is fresh; undefined for anything else. */
export function openSealedStatus(
  secret: string,
  sealed: unknown,
  publicId: string,
  now: number = Date.now()
): StatusRead | undefined {
  if (!sealed || typeof sealed !== "object") return undefined
  const { seal, ...fields } = sealed as Partial<SealedStatus>
  if (typeof seal !== "string" || fields.publicId !== publicId || typeof fields.readAt !== "string")
    return undefined
  if (!sameText(statusSealOf(secret, fields), seal)) return undefined
  const age = now - Date.parse(fields.readAt)
  if (!(age >= -CLOCK_SKEW_MS && age <= SEALED_STATUS_FRESH_MS)) return undefined
  return {
    status: fields.status!,
    invoiceAmount: fields.invoiceAmount ?? null,
    ...(fields.signedInvoiceAmount !== undefined && { signedInvoiceAmount: fields.signedInvoiceAmount }),
    ...(fields.totalInStorePayment !== undefined && { totalInStorePayment: fields.totalInStorePayment }),
  }
}

function statusSealOf(secret: string, fields: Partial<Omit<SealedStatus, "seal">>): string {
  const { publicId, status, invoiceAmount, signedInvoiceAmount, totalInStorePayment, readAt } = fields
  const key = keyFor(secret, "recent-status")
  return createHmac("sha256", key)
    .update(
      canonicalJson({ publicId, status, invoiceAmount, signedInvoiceAmount, totalInStorePayment, readAt })
    )
    .digest("base64url")
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
