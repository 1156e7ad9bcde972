"use server"

/*
 * Pay over time's server actions. Each answers a value instead of throwing for what a shopper can meet (a
 * refused cart, a contract not signed yet): Next.js replaces a server action's error message with a generic
 * one in production, and the plugin's messages are written for the shopper, in the shopper's language.
 */
import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheTag, removeCartId } from "@lib/data/cookies"
import {
  type CartFinancing,
  FINANCING_PROVIDER_ID,
  type FinancingEligibility,
  type FinancingReason,
  reusableFinancingLink,
  financingReturnUrls,
} from "@lib/financing"
import { getBaseURL } from "@lib/util/env"
import { FetchError } from "@medusajs/js-sdk"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"

/**
 * Whether Pay over time can be offered for the cart, and if not, why. The plugin answers from the cart
 * alone, without asking the financing service, so it is cheap enough for every change of the cart. Null
 * when the store could not be asked: then offer the option, and the session start says what is wrong.
 */
export async function getFinancingEligibility(cartId: string): Promise<FinancingEligibility | null> {
  return sdk.client
    .fetch<FinancingEligibility>("/store/retail-financing/eligibility", {
      query: { cart_id: cartId },
      headers: await getAuthHeaders(),
    })
    .catch(() => null)
}

export type StartFinancingResult =
  { ok: true; link: string } | { ok: false; message: string; reasons: FinancingReason[] }

/**
 * Starts (or starts again) the cart's financing payment session and answers the service's page to send the
 * shopper to. The plugin builds the application from the cart on the server; the storefront sends only the
 * provider and where the service sends the shopper back.
 */
export async function startFinancing(cartId: string, countryCode: string): Promise<StartFinancingResult> {
  const headers = await getAuthHeaders()
  try {
    const { cart } = await sdk.store.cart.retrieve(cartId, { fields: "id,*payment_collection" }, headers)
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(
      cart,
      { provider_id: FINANCING_PROVIDER_ID, data: financingReturnUrls(getBaseURL(), countryCode, cartId) },
      {},
      headers
    )
    revalidateTag(await getCacheTag("carts"))
    const session = payment_collection?.payment_sessions?.find(
      (candidate) => candidate.provider_id === FINANCING_PROVIDER_ID
    )
    const link = (session?.data as { link?: unknown } | undefined)?.link
    if (typeof link === "string" && link) return { ok: true, link }
    return { ok: false, message: "Pay over time could not be started. Please try again.", reasons: [] }
  } catch (error) {
    if (!(error instanceof FetchError)) throw error
    // The js-sdk keeps the answer's sentence and status, not its `code`, `field` and `reasons`: a 400 is
    // about the cart, and the eligibility route gives the same reasons, keyed.
    const reasons = error.status === 400 ? ((await getFinancingEligibility(cartId))?.reasons ?? []) : []
    return { ok: false, message: error.message, reasons }
  }
}

/** The review step's link: the current session's when it is still good, else a fresh session's. */
export async function financingLinkFor(cartId: string, countryCode: string): Promise<StartFinancingResult> {
  const { cart } = await sdk.store.cart.retrieve(
    cartId,
    { fields: "id,updated_at,*payment_collection.payment_sessions" },
    await getAuthHeaders()
  )
  const link = reusableFinancingLink(cart)
  return link ? { ok: true, link } : startFinancing(cartId, countryCode)
}

/** Where the cart's financing stands, from the plugin's ledger: it holds when the payment session is gone. */
export async function getCartFinancing(cartId: string): Promise<CartFinancing | null> {
  return sdk.client
    .fetch<CartFinancing>(`/store/retail-financing/carts/${encodeURIComponent(cartId)}/financing`, {
      headers: await getAuthHeaders(),
    })
    .catch(() => null)
}

/**
 * The return page's work. Completing makes the order when the service's callback has not yet (or returns
 * the one it made); then the plugin's answer decides, never Medusa's raw error: an order paid over time
 * goes to the starter's confirmation page, unless the contract leaves a payment to make at the store (the
 * starter's page would show the order as paid in full): then the page says so, with a link to the order.
 * Anything else (still being made, a contract signed for a cart already paid another way...) is answered
 * for the page to show.
 */
export async function settleFinancedCart(cartId: string, countryCode: string): Promise<CartFinancing | null> {
  await sdk.store.cart.complete(cartId, {}, await getAuthHeaders()).catch(() => null)
  const answer = await getCartFinancing(cartId)
  if (answer?.state !== "order_placed" || !answer.order) return answer
  // As the starter's placeOrder: the cart is spent, the next visit starts a new one.
  revalidateTag(await getCacheTag("carts"))
  revalidateTag(await getCacheTag("orders"))
  await removeCartId()
  if (answer.in_store_payment) return answer
  redirect(`/${countryCode}/order/${answer.order.id}/confirmed`)
}
