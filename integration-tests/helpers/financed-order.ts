import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"

import { RETAIL_FINANCING_PROVIDER_ID } from "./constants"
import {
  type CheckoutCartInput,
  type CheckoutSeed,
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
  cartInput: CheckoutCartInput = { items: [{ variantIndex: 0, quantity: 1 }] }
): Promise<PlacedFinancedOrder> {
  const cart = await createCheckoutCart(api, seed, cartInput)
  const collection = await createPaymentCollection(api, seed, cart.id)
  const response = await api.post(
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: RETAIL_FINANCING_PROVIDER_ID },
    { headers: { "x-publishable-api-key": seed.publishableKey } }
  )
  const session = (
    response.data as {
      payment_collection: { payment_sessions: { id: string; data: { publicId: string } }[] }
    }
  ).payment_collection.payment_sessions[0]
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
