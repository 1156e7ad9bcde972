"use server"

/*
 * Pay over time's server actions for the Next.js starter. Copy to src/lib/data/financing.ts and change the
 * three imports below to the starter's ("@lib/config", "@lib/data/cookies", "@lib/util/env").
 *
 * Each one answers a value instead of throwing for what a shopper can meet (a refused cart, a contract not
 * signed yet): Next.js replaces a server action's error message with a generic one in production, and these
 * messages are written for the shopper.
 */
import { FetchError } from "@medusajs/js-sdk"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"

import { sdk } from "../config"
import {
  type AsLowAsResponse,
  FINANCING_PROVIDER_ID,
  type FinancingEligibility,
  type FinancingOutcome,
  type FinancingReason,
  financingDataOf,
  financingOutcomeOf,
  financingReturnUrls,
  financingSessionOf,
} from "../financing"
import { getAuthHeaders, getCacheTag, removeCartId } from "./cookies"
import { getBaseURL } from "../util/env"

/**
 * Whether Pay over time can be offered for the cart, and if not, why (each reason a sentence for the
 * shopper). The plugin answers from the cart alone, without asking the financing service, so this is cheap
 * enough for every render of the payment step. Null when the store could not be asked: then offer the
 * option, and the session start will say what is wrong.
 */
export async function getFinancingEligibility(cartId: string): Promise<FinancingEligibility | null> {
  return (
    sdk.client
      // Not cached: Next.js 15 does not cache fetch by default, and the answer changes with every cart update.
      .fetch<FinancingEligibility>("/store/retail-financing/eligibility", {
        query: { cart_id: cartId },
        headers: await getAuthHeaders(),
      })
      .catch(() => null)
  )
}

export type StartFinancingResult =
  { ok: true; link: string } | { ok: false; message: string; reasons: FinancingReason[] }

/**
 * Starts (or starts again) the cart's financing payment session and answers the service's link to send the
 * shopper to. The plugin builds the application from the cart on the server; the storefront sends only the
 * provider and where the service should send the shopper back.
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
    const data = financingDataOf(financingSessionOf({ payment_collection }))
    if (data) return { ok: true, link: data.link }
    return { ok: false, message: "Pay over time could not be started. Please try again.", reasons: [] }
  } catch (error) {
    if (!(error instanceof FetchError)) throw error
    // The js-sdk keeps the answer's message (a sentence for the shopper) and status, not its `code`, `field`
    // and `reasons`. A 400 is about the cart, and the eligibility route gives the same reasons, keyed.
    const reasons = error.status === 400 ? ((await getFinancingEligibility(cartId))?.reasons ?? []) : []
    return { ok: false, message: error.message, reasons }
  }
}

/**
 * The return page's work: completes the cart into its order and goes to the starter's confirmation page.
 * The service's callback may have placed the order already (complete() then returns it) or be placing it
 * right now (Medusa answers 409 for that moment). When there is no order, answers where the application
 * stands, from the payment session the plugin keeps up to date.
 */
export async function completeFinancedCart(cartId: string, countryCode: string): Promise<FinancingOutcome> {
  const headers = await getAuthHeaders()
  let orderId: string | null = null
  try {
    const result = await sdk.store.cart.complete(cartId, {}, headers)
    if (result.type === "order") orderId = result.order.id
  } catch (error) {
    if (!(error instanceof FetchError)) throw error
    if (error.status === 409) {
      return { outcome: "waiting", message: "We are placing your order. This takes a few seconds." }
    }
  }
  if (orderId) {
    // As the starter's placeOrder: the cart is spent, the next visit starts a new one. Outside the try:
    // redirect() works by throwing.
    revalidateTag(await getCacheTag("carts"))
    revalidateTag(await getCacheTag("orders"))
    await removeCartId()
    redirect(`/${countryCode}/order/${orderId}/confirmed`)
  }
  const cart = await sdk.store.cart
    .retrieve(cartId, { fields: "id,*payment_collection.payment_sessions" }, headers)
    .then(({ cart }) => cart)
    .catch(() => null)
  return financingOutcomeOf(financingSessionOf(cart))
}

/**
 * Where the shopper stands after leaving the service's page without signing (the cancel URL), for the
 * cancel page to say. Reads the cart only.
 */
export async function getFinancingOutcome(cartId: string): Promise<FinancingOutcome> {
  const cart = await sdk.store.cart
    .retrieve(cartId, { fields: "id,*payment_collection.payment_sessions" }, await getAuthHeaders())
    .then(({ cart }) => cart)
    .catch(() => null)
  return financingOutcomeOf(financingSessionOf(cart))
}

/**
 * "As low as" for an amount in dollars: the amount the page shows (a product's price, the cart's total).
 * Null when there is nothing to show (not financed, or the service cannot answer). The plugin caches offers
 * per amount; add `next: { revalidate: 300 }` to cache them in Next.js too. With a product id (a product
 * page), a product the lender cannot lease gets nothing.
 */
export async function getAsLowAs(amount: number, productId?: string): Promise<AsLowAsResponse["as_low_as"]> {
  if (!Number.isFinite(amount) || amount <= 0) return null
  const query = { amount: amount.toFixed(2), ...(productId && { product_id: productId }) }
  return sdk.client
    .fetch<AsLowAsResponse>("/store/retail-financing/as-low-as", { query })
    .then((body) => (body.available ? body.as_low_as : null))
    .catch(() => null)
}
