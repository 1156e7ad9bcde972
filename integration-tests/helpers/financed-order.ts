import type { HttpTypes, MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"

import { RETAIL_FINANCING_PROVIDER_ID } from "./constants"
import {
  type CheckoutCart,
  type CheckoutCartInput,
  type CheckoutSeed,
  type StoreCheckout,
  createCheckoutCart,
  createPaymentCollection,
} from "./checkout-seed"
import { orderIdsOfCart } from "./checkout-state"
import {
  type FinancingEnvironment,
  eventually,
  moveApplication,
  sandboxApplication,
} from "./financing-environment"

export interface FinancedCart {
  cart: CheckoutCart
  collection: HttpTypes.StorePaymentCollection
  session: { id: string; status: string; data: { publicId: string; applicationId: string; link?: string } }
  /** The application the session started at the sandbox. */
  publicId: string
}

const ONE_ITEM: CheckoutCartInput = { items: [{ variantIndex: 0, quantity: 1 }] }

/** A cart as a storefront builds it, and a financing session started on it (the application exists). */
export async function startFinancedCart(
  api: AxiosInstance,
  seed: StoreCheckout,
  cartInput: CheckoutCartInput = ONE_ITEM
): Promise<FinancedCart> {
  const cart = await createCheckoutCart(api, seed, cartInput)
  const collection = await createPaymentCollection(api, seed, cart.id)
  const response = await api.post(
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: RETAIL_FINANCING_PROVIDER_ID },
    { headers: seed.headers }
  )
  const session = (response.data as { payment_collection: { payment_sessions: FinancedCart["session"][] } })
    .payment_collection.payment_sessions[0]
  return { cart, collection, session, publicId: session.data.publicId }
}

export interface PlacedFinancedOrder {
  orderId: string
  publicId: string
  sessionId: string
  cartId: string
}

/** A cart paid with financing and signed at the sandbox: Medusa makes the order from the callback. */
export async function placeFinancedOrder(
  api: AxiosInstance,
  container: MedusaContainer,
  seed: CheckoutSeed,
  financing: FinancingEnvironment,
  cartInput: CheckoutCartInput = ONE_ITEM
): Promise<PlacedFinancedOrder> {
  const { cart, session } = await startFinancedCart(api, seed, cartInput)
  await moveApplication(financing.sandbox, session.data.publicId, "SignedWaitingForInvoice")
  const orderId = await eventually(async () => {
    const { callbacks } = await sandboxApplication(financing.sandbox, session.data.publicId)
    if (!callbacks.some((callback) => callback.delivered && callback.status === "SignedWaitingForInvoice"))
      throw new Error("signing not delivered yet")
    const [id] = await orderIdsOfCart(container, cart.id)
    if (!id) throw new Error("no order yet")
    return id
  }, 30_000)
  return { orderId, publicId: session.data.publicId, sessionId: session.id, cartId: cart.id }
}
