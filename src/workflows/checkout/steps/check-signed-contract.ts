import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { FINANCING_CART_FIELDS, type FinancingCart } from "../../../domain/checkout/cart"
import type { ContractExceptionReason } from "../../../domain/checkout/contract-exceptions"
import { contractCoversCart } from "../../../domain/checkout/contract-covers-cart"
import { contractException } from "../../../domain/checkout/contract-guard"
import { currentFingerprints } from "../../../domain/checkout/financed-fingerprint"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import type { FinancingApplicationState } from "./read-financing-application"

/**
 * Before a signature completes the cart (or pays the order the cart became): does the cart still match what
 * was financed? The cart is read again and its fingerprints rebuilt as at creation; the rules are
 * contractException's (domain/checkout/contract-guard.ts). Returns why not, or null. Reads only.
 */
export const checkSignedContractStep = createStep(
  "check-signed-contract",
  async ({ state }: { state: FinancingApplicationState }, { container }) => {
    const { recorded } = state
    // Applications made before the ledger kept fingerprints have none: the cart is not read for nothing.
    const fingerprinted = recorded.cart_fingerprint !== null || recorded.customer_fingerprint !== null
    const reason: ContractExceptionReason | null = contractException({
      recorded,
      current: fingerprinted && state.cart_id ? await fingerprintsOfCart(container, state.cart_id) : null,
      sessionLive: state.session !== null,
      orderPaidOtherwise: state.order_paid_otherwise,
      contractCoversCart: contractCoversCart(
        state.signed_invoice_amount ?? state.application.invoiceAmount,
        state.amount_cents
      ),
    })
    return new StepResponse({ reason })
  }
)

async function fingerprintsOfCart(container: MedusaContainer, cartId: string) {
  const { callbackSecret, storeCode } = container
    .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    .getOptions()
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    fields: FINANCING_CART_FIELDS,
    filters: { id: cartId },
  })
  // query.graph is untyped without generated types; FINANCING_CART_FIELDS loads exactly this shape.
  const cart = (data as FinancingCart[])[0]
  return cart ? currentFingerprints(callbackSecret, cart, storeCode) : null
}
