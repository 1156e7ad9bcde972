/*
 * Pay over time (medusa-payment-retail-financing) in Medusa's DTC starter: what the server actions
 * (lib/data/financing.ts) and the client components share. No "use server" here: a server action file may
 * export only async functions, and these are constants, types and pure functions both sides use.
 */
import type { HttpTypes } from "@medusajs/types"

/** Medusa's id for the plugin's provider: pp_retail-financing_<the id in the backend's medusa-config>. */
export const FINANCING_PROVIDER_ID =
  process.env.NEXT_PUBLIC_FINANCING_PROVIDER_ID ?? "pp_retail-financing_retail-financing"

/** For the starter's provider switches (lib/constants.tsx has isStripeLike, isManual...). */
export const isFinancing = (providerId?: string | null): boolean =>
  providerId === "pp_retail-financing" || !!providerId?.startsWith("pp_retail-financing_")

/** One reason Pay over time cannot be offered: a stable `code`, the cart `field` at fault, a sentence. */
export interface FinancingReason {
  code: string
  field: string | null
  /** Shown as it is: in the shopper's language (the starter sends its locale as x-medusa-locale). */
  message: string
  /** items_not_leasable only: the cart lines the lender cannot lease. */
  items?: { line_item_id: string; title: string }[]
}

/** GET /store/retail-financing/eligibility?cart_id=… */
export interface FinancingEligibility {
  eligible: boolean
  reasons: FinancingReason[]
}

/** GET /store/retail-financing/carts/:id/financing: where the cart's financing stands, for the shopper. */
export interface CartFinancing {
  state: "order_placed" | "waiting" | "declined" | "left" | "signed_no_order" | "not_started"
  message: string
  order?: { id: string; display_id: number | null }
  retry_after_ms?: number
  in_store_payment?: { amount: string; message: string }
}

/**
 * The financing session's link when the shopper may be sent there as it is: the session is open and was
 * started after the cart last changed (a session from before a new address carries the old one, and the
 * plugin would not make an order of a contract signed on it). Null means: start the session again.
 */
export function reusableFinancingLink(
  cart: Pick<HttpTypes.StoreCart, "payment_collection" | "updated_at">
): string | null {
  const session = cart.payment_collection?.payment_sessions?.find((candidate) =>
    isFinancing(candidate.provider_id)
  )
  const link = (session?.data as { link?: unknown } | undefined)?.link
  if (!session || typeof link !== "string" || !link) return null
  if (session.status !== "pending" && session.status !== "requires_more") return null
  // The store API returns the session's created_at (HttpTypes does not declare it).
  const started = timeOf((session as { created_at?: string | Date | null }).created_at)
  const changed = timeOf(cart.updated_at)
  return started !== null && changed !== null && started >= changed ? link : null
}

const timeOf = (value: string | Date | null | undefined): number | null => {
  const time = value ? new Date(value).getTime() : NaN
  return Number.isFinite(time) ? time : null
}

/**
 * Where the service sends the shopper back. The cart id travels in the URL: the starter's cart cookie is
 * SameSite=Strict, so the first request after the service's page (another site) arrives without it. The
 * storefront's origin must be in the plugin's `allowedRedirectOrigins`.
 */
export function financingReturnUrls(baseUrl: string, countryCode: string, cartId: string) {
  const base = `${baseUrl.replace(/\/+$/, "")}/${countryCode}/checkout/financing`
  const cart = `cart_id=${encodeURIComponent(cartId)}`
  return { return_url: `${base}/return?${cart}`, cancel_url: `${base}/cancel?${cart}` }
}
