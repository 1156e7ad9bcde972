import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { FINANCING_CART_FIELDS, type FinancingCart } from "../../domain/checkout/cart"
import { cartToApplication } from "../../domain/checkout/cart-to-application"
import { type FinancedFingerprints, financedFingerprints } from "../../domain/checkout/financed-fingerprint"
import { redirectUrlsFor } from "../../domain/checkout/redirect-urls"
import type { ApplicationInput } from "../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"

export interface BuildFinancingApplicationInput {
  payment_collection_id: string
  /** What the storefront sent in `data`: only its return and cancel URLs are read. */
  requested_urls: { return_url?: unknown; cancel_url?: unknown }
}

export interface BuiltFinancingApplication {
  cart_id: string
  /** What is sent to the service: the shopper's details and the cart's lines. Never stored by the plugin. */
  application: ApplicationInput
  total_cents: number
  fingerprints: FinancedFingerprints
}

/**
 * Reads the cart of the payment collection on the server (Medusa gives a payment provider no cart) and
 * builds its application, refusing with a message that says what to fix a cart the service cannot accept.
 * Also makes the keyed fingerprints of what is financed, which the ledger keeps instead of the details.
 */
export const buildFinancingApplicationStep = createStep(
  "build-financing-application",
  async (input: BuildFinancingApplicationInput, { container }) => {
    const options = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
    const cart = await cartOfPaymentCollection(container, input.payment_collection_id)
    if (cart.completed_at) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart has already been completed.")
    }

    const built = cartToApplication(cart, {
      storeCode: options.storeCode,
      minAmount: options.minAmount,
      maxAmount: options.maxAmount,
      allowedStates: options.allowedStates,
      ...redirectUrlsFor(options, cart.id, input.requested_urls),
    })
    if (!built.ok) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Pay over time is not available for this cart: ${built.problems
          .map((problem) => `${problem.message} (${problem.field})`)
          .join("; ")}`
      )
    }
    const result: BuiltFinancingApplication = {
      cart_id: cart.id,
      application: built.application,
      total_cents: built.totalCents,
      fingerprints: financedFingerprints(options.callbackSecret, cart, built.application, built.totalCents),
    }
    return new StepResponse(result)
  }
)

async function cartOfPaymentCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<FinancingCart & { completed_at?: unknown }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const cartId = (links as Array<{ cart_id?: string }>)[0]?.cart_id
  if (!cartId) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No cart uses this payment collection.")
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: FINANCING_CART_FIELDS,
    filters: { id: cartId },
  })
  // query.graph is untyped without generated types; FINANCING_CART_FIELDS loads exactly this shape.
  return (carts as Array<FinancingCart & { completed_at?: unknown }>)[0]
}
