import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { FINANCING_CART_FIELDS, type FinancingCart } from "../../domain/checkout/cart"
import { cartToApplication } from "../../domain/checkout/cart-to-application"
import { sealApplication } from "../../domain/checkout/proofs"
import { redirectUrlsFor } from "../../domain/checkout/redirect-urls"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { isFinancingProviderId } from "../../config/provider-id"

type SessionBody = { provider_id?: string; data?: Record<string, unknown> }

/**
 * Runs before Medusa's own handler of POST /store/payment-collections/:id/payment-sessions. Medusa gives a
 * payment provider no cart, so for a financing session the application is built here, on the server, from
 * the cart itself; it replaces whatever the browser sent in `data` (except return URLs on allowed origins)
 * and is sealed so that the provider accepts nothing else.
 */
export function prepareFinancingApplication(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
): void {
  const body = req.body as SessionBody | undefined
  if (!isFinancingProviderId(body?.provider_id)) return next()
  // Express 4 does not catch a rejected promise from a middleware: hand every failure to `next`.
  prepare(req, body).then(() => next(), next)
}

async function prepare(req: MedusaRequest, body: SessionBody): Promise<void> {
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const options = financing.getOptions()
  const paymentCollectionId = req.params.id
  const cart = await cartOfPaymentCollection(req, paymentCollectionId)
  if (cart.completed_at) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart has already been completed.")
  }

  const built = cartToApplication(cart, {
    storeCode: options.storeCode,
    minAmount: options.minAmount,
    maxAmount: options.maxAmount,
    allowedStates: options.allowedStates,
    ...redirectUrlsFor(options, cart.id, body.data ?? {}),
  })
  if (!built.ok) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Pay over time is not available for this cart: ${built.problems
        .map((problem) => `${problem.message} (${problem.field})`)
        .join("; ")}`
    )
  }

  body.data = {
    sealed_application: sealApplication(options.callbackSecret, {
      application: built.application,
      cartId: cart.id,
      paymentCollectionId,
      totalCents: built.totalCents,
      preparedAt: new Date().toISOString(),
    }),
  }
}

async function cartOfPaymentCollection(
  req: MedusaRequest,
  paymentCollectionId: string
): Promise<FinancingCart & { completed_at?: unknown }> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
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
