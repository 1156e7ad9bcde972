import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  NO_NON_LEASABLE_RULE,
  type NonLeasableOption,
  type NonLeasableRule,
} from "../domain/checkout/leasable"

/**
 * The `nonLeasable` option ready to match products. Its category handles are read into ids on every call
 * (one query, only when categories are set): a product's category path holds ids, and a merchant may
 * rename or add a category without restarting the store. A handle no category has matches nothing.
 */
export async function nonLeasableRuleOf(
  container: MedusaContainer,
  option: NonLeasableOption | undefined
): Promise<NonLeasableRule> {
  if (!option) return NO_NON_LEASABLE_RULE
  const handles = option.categories ?? []
  const categories = new Map<string, string>()
  if (handles.length > 0) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "product_category",
      fields: ["id", "handle"],
      filters: { handle: [...handles] },
    })
    for (const { id, handle } of data as { id: string; handle: string }[]) categories.set(id, handle)
  }
  return {
    productTypes: option.productTypes ?? [],
    productTags: option.productTags ?? [],
    collections: option.collections ?? [],
    categories,
  }
}
