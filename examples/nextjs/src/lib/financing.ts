/*
 * Pay over time (medusa-payment-retail-financing) in the Next.js starter: what the server actions
 * (lib/data/financing.ts) and the client components share. Copy to src/lib/financing.ts. No "use server"
 * here: a server action file may export only async functions, and these are constants, types and pure
 * functions both sides call.
 */
import type { HttpTypes } from "@medusajs/types"

/** Medusa's id for the plugin's provider: pp_retail-financing_<the id in the store's medusa-config>. */
export const FINANCING_PROVIDER_ID =
  process.env.NEXT_PUBLIC_FINANCING_PROVIDER_ID ?? "pp_retail-financing_retail-financing"

/** For the starter's provider switches (lib/constants.tsx has isStripeLike, isManual...). */
export const isFinancing = (providerId?: string | null): boolean =>
  providerId === "pp_retail-financing" || !!providerId?.startsWith("pp_retail-financing_")

/** Why Pay over time cannot be offered: a stable key, one per rule of the plugin. */
export type FinancingReasonCode =
  | "cart_completed"
  | "region_not_enabled"
  | "currency_not_usd"
  | "cart_empty"
  | "total_not_positive"
  | "total_below_minimum"
  | "total_above_maximum"
  | "address_not_us"
  | "state_not_financed"
  | "first_name_missing"
  | "first_name_too_long"
  | "last_name_missing"
  | "last_name_too_long"
  | "phone_missing"
  | "phone_not_us_mobile"
  | "email_invalid"
  | "email_too_long"
  | "street_missing"
  | "street_too_long"
  | "po_box"
  | "suite_too_long"
  | "city_missing"
  | "city_too_long"
  | "state_invalid"
  | "zip_invalid"
  | "application_invalid"
  | "items_not_leasable"

export interface FinancingReason {
  code: FinancingReasonCode
  /** The cart field at fault (`billing_address.phone`, `total`...), null when no single field is. */
  field: string | null
  /** A sentence for the shopper, shown as it is. */
  message: string
  /** items_not_leasable only: the cart lines the lender cannot lease, to mark in the cart. */
  items?: { line_item_id: string; title: string }[]
}

/** GET /store/retail-financing/eligibility?cart_id=… */
export interface FinancingEligibility {
  eligible: boolean
  reasons: FinancingReason[]
}

/** GET /store/retail-financing/as-low-as?amount=…[&product_id=…] (money as text with two decimals). */
export interface AsLowAsResponse {
  as_low_as: {
    amount: string
    monthly_payment: string
    months: number
    partner_code: string
    partner_display_name: string
    disclaimer: string | null
    early_buyout_options: { month: number; payment: string; savings_percentage: number }[]
  } | null
  available: boolean
  /** not_leasable: asked with a product_id the lender cannot lease (a gift card, a protection plan). */
  reason: "below_minimum" | "above_maximum" | "not_leasable" | "unavailable" | null
  min_amount: string | null
  max_amount: string | null
}

/** What the plugin puts in a financing payment session's `data` (nothing secret, nothing personal). */
export interface FinancingSessionData {
  /** The financing service's page, where the shopper applies and signs. */
  link: string
  publicId: string
  applicationStatus: string
  /** Set once a signed contract could not become an order: a sentence for the shopper. */
  failure?: { reason: string; message: string }
}

export function financingSessionOf(
  cart: Pick<HttpTypes.StoreCart, "payment_collection"> | null | undefined
): HttpTypes.StorePaymentSession | undefined {
  return cart?.payment_collection?.payment_sessions?.find((session) => isFinancing(session.provider_id))
}

export function financingDataOf(
  session: Pick<HttpTypes.StorePaymentSession, "data"> | undefined
): FinancingSessionData | null {
  const data = session?.data as Partial<FinancingSessionData> | undefined
  return typeof data?.link === "string" && data.link ? (data as FinancingSessionData) : null
}

/**
 * The session's link, when the shopper may be sent there as it is: the session is still open and was started
 * after the cart last changed. Medusa deletes a cart's sessions only when its total changes, so a session
 * from before a new phone or address would carry the old ones, and the plugin refuses to turn a contract
 * signed on old details into an order. Null means: start the session again (safe; the newest link is the
 * live one).
 */
export function reusableFinancingLink(
  cart: Pick<HttpTypes.StoreCart, "payment_collection" | "updated_at">
): string | null {
  const session = financingSessionOf(cart)
  const data = financingDataOf(session)
  if (!session || !data || (session.status !== "pending" && session.status !== "requires_more")) return null
  // The store API returns the session's created_at (HttpTypes does not declare it).
  const started = timeOf((session as { created_at?: string | Date | null }).created_at)
  const changed = timeOf(cart.updated_at)
  return started !== null && changed !== null && started >= changed ? data.link : null
}

const timeOf = (value: string | Date | null | undefined): number | null => {
  const time = value ? new Date(value).getTime() : NaN
  return Number.isFinite(time) ? time : null
}

/**
 * Where the service sends the shopper back. The cart id travels in the URL: the starter's cart cookie is
 * SameSite=Strict, so the first request after the service's page (another site) arrives without it. Both
 * origins must be in the plugin's `allowedRedirectOrigins`.
 */
export function financingReturnUrls(baseUrl: string, countryCode: string, cartId: string) {
  const base = `${baseUrl.replace(/\/+$/, "")}/${countryCode}/checkout/financing`
  const cart = `cart_id=${encodeURIComponent(cartId)}`
  return { return_url: `${base}/return?${cart}`, cancel_url: `${base}/cancel?${cart}` }
}

/** Where a financing attempt stands when the cart did not become an order, and what to tell the shopper. */
export interface FinancingOutcome {
  /** `waiting`: ask again in a moment; the others: the shopper acts (finish, or choose another way to pay). */
  outcome: "waiting" | "not_signed" | "declined" | "expired" | "failed" | "unknown"
  message: string
}

/** The outcome for the cart's financing session, from its status and the plugin's `applicationStatus`. */
export function financingOutcomeOf(session: HttpTypes.StorePaymentSession | undefined): FinancingOutcome {
  const data = financingDataOf(session)
  if (data?.failure) return { outcome: "failed", message: data.failure.message }
  switch (data?.applicationStatus) {
    case "Pending":
    case "Pre-qualified":
    case "Approved":
      return {
        outcome: "not_signed",
        message: "Your application is not signed yet. You can finish it, or choose another way to pay.",
      }
    case "PendingApproval":
    case "SignedWaitingForInvoice":
    case "SignedWaitingForInvoiceApproval":
    case "Signed":
    case "Funded":
      // Signed, or waiting on the lender: the order is being placed (the service's callback places it too).
      return { outcome: "waiting", message: "We are confirming your financing. This takes a few seconds." }
    case "Declined":
    case "Ineligible":
      return {
        outcome: "declined",
        message: "Your application was not approved. Please choose another way to pay.",
      }
    case "Expired":
      return {
        outcome: "expired",
        message: "Your application expired before it was signed. You can apply again.",
      }
    default:
      return {
        outcome: "unknown",
        message: "We could not confirm your financing. Please try again or choose another way to pay.",
      }
  }
}
