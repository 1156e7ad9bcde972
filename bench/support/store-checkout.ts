import type { HttpTypes } from "@medusajs/framework/types"
import { type AxiosInstance, isAxiosError } from "axios"

import {
  type CheckoutSeed,
  createCheckoutCart,
  createPaymentCollection,
  TWO_ITEMS_WITH_PROMOTION,
} from "../../integration-tests/helpers"

/** A store API POST; a refusal carries Medusa's reason, not only axios's status line. */
export async function storePost<T>(
  api: AxiosInstance,
  seed: CheckoutSeed,
  url: string,
  body: unknown
): Promise<T> {
  try {
    return (await api.post<T>(url, body, { headers: seed.headers })).data
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      throw new Error(
        `POST ${url} answered ${error.response.status}: ${JSON.stringify(error.response.data)}`,
        { cause: error }
      )
    }
    throw error
  }
}

let shoppers = 0

/**
 * The cart (two items, shipping, a promotion, tax) and its payment collection, as a storefront
 * makes them. Each cart has its own shopper: Medusa creates a guest customer per new email, and two
 * concurrent carts with one new email race to create it (the second is refused).
 */
export async function cartWithCollection(
  api: AxiosInstance,
  seed: CheckoutSeed
): Promise<{ cartId: string; collectionId: string }> {
  const email = `shopper-${process.pid}-${++shoppers}@retail-financing.test`
  const cart = await createCheckoutCart(api, seed, { ...TWO_ITEMS_WITH_PROMOTION, email })
  const collection = await createPaymentCollection(api, seed, cart.id)
  return { cartId: cart.id, collectionId: collection.id }
}

/** Starts a payment session with one provider (POST /store/payment-collections/:id/payment-sessions). */
export async function startPaymentSession(
  api: AxiosInstance,
  seed: CheckoutSeed,
  cart: { cartId: string; collectionId: string },
  providerId: string
): Promise<HttpTypes.StorePaymentSession> {
  const { payment_collection } = await storePost<{ payment_collection: HttpTypes.StorePaymentCollection }>(
    api,
    seed,
    `/store/payment-collections/${cart.collectionId}/payment-sessions`,
    { provider_id: providerId }
  )
  const session = payment_collection.payment_sessions?.find(
    (candidate) => candidate.provider_id === providerId
  )
  if (!session) throw new Error(`cart ${cart.cartId}: no ${providerId} session was started`)
  return session
}

/** The shopper's POST /store/carts/:id/complete; throws unless it answers with an order. */
export async function completeCart(api: AxiosInstance, seed: CheckoutSeed, cartId: string): Promise<string> {
  const result = await storePost<{ type: string; order?: { id: string }; error?: unknown }>(
    api,
    seed,
    `/store/carts/${cartId}/complete`,
    {}
  )
  if (result.type !== "order" || !result.order) {
    throw new Error(`cart ${cartId} did not complete into an order: ${JSON.stringify(result)}`)
  }
  return result.order.id
}
