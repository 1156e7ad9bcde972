import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { isFinancingProviderId } from "../config/provider-id"
import type { CartOrderFacts, LedgerFacts } from "../domain/checkout/shopper-financing-state"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import { orderOfCart } from "./order-of-cart"

/** The ledger columns the shopper's answer is made from: none of them names or reaches the shopper. */
const LEDGER_FACT_FIELDS = [
  "status",
  "created_at",
  "exception_reason",
  "exception_at",
  "order_id",
  "total_in_store_payment",
] as const

interface OrderRow {
  id: string
  display_id?: number | null
  payment_collections?:
    | ({
        payments?: ({ provider_id?: string; data?: Record<string, unknown> | null } | null)[] | null
      } | null)[]
    | null
}

export interface CartFinancingFacts {
  applications: LedgerFacts[]
  order: CartOrderFacts | null
}

/**
 * What the ledger and Medusa know of a cart's financing, or null when there is no such cart. Reads only the
 * columns the answer needs, so a field added to the ledger later cannot leak into a store route by accident.
 */
export async function cartFinancingFacts(
  container: MedusaContainer,
  cartId: string
): Promise<CartFinancingFacts | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({ entity: "cart", fields: ["id"], filters: { id: cartId } })
  if (carts.length === 0) return null

  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const [applications, orderId] = await Promise.all([
    financing.listFinancingApplications({ cart_id: cartId }, { select: [...LEDGER_FACT_FIELDS] }),
    orderOfCart(container, cartId),
  ])
  let order: CartFinancingFacts["order"] = null
  if (orderId) {
    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "payment_collections.payments.provider_id",
        "payment_collections.payments.data",
      ],
      filters: { id: orderId },
    })
    const found = (orders as OrderRow[])[0]
    // Paid over time when one of its payments is this provider's, under whatever id the store gave it.
    const financed = (found?.payment_collections ?? [])
      .flatMap((collection) => collection?.payments ?? [])
      .find((payment) => isFinancingProviderId(payment?.provider_id))
    // Only the one figure is taken from the payment's data: nothing else of it reaches the answer.
    const inStoreCents = financed?.data?.inStorePaymentCents
    order = found
      ? {
          id: found.id,
          display_id: found.display_id ?? null,
          paid_over_time: Boolean(financed),
          in_store_payment_cents: Number.isSafeInteger(inStoreCents) ? (inStoreCents as number) : null,
        }
      : null
  }
  return { applications: applications as unknown as LedgerFacts[], order }
}
