import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  LEASABLE_PRODUCT_FIELDS,
  type LeasableProductFacts,
  type NonLeasableOption,
  type NotLeasableBecause,
  whyNotLeasable,
} from "../domain/checkout/leasable"
import { nonLeasableRuleOf } from "./non-leasable-rule"

export interface ProductLeasability {
  product: LeasableProductFacts
  /** The rule that keeps the lender from leasing it; null when it can be leased. */
  not_leasable_because: NotLeasableBecause | null
}

/**
 * Whether one product can be leased, by the rule a cart's lines are checked with; null when there is no
 * such product. Read for "as low as" on a product page and for the admin's product widget.
 */
export async function productLeasability(
  container: MedusaContainer,
  productId: string,
  option: NonLeasableOption | undefined
): Promise<ProductLeasability | null> {
  // Two independent reads (the rule's categories only when it names some), so at once.
  const [{ data }, rule] = await Promise.all([
    container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "product",
      fields: LEASABLE_PRODUCT_FIELDS,
      filters: { id: productId },
    }),
    nonLeasableRuleOf(container, option),
  ])
  // query.graph is untyped without generated types; LEASABLE_PRODUCT_FIELDS loads exactly this shape.
  const product = (data as LeasableProductFacts[])[0]
  if (!product) return null
  return { product, not_leasable_because: whyNotLeasable(product, rule) }
}
