import { type CheckoutProblem, type ProblemItem, checkoutProblem } from "./shopper-details"

/*
 * What a lease-to-own lender can finance. The lender owns what it leases, so a store marks what it cannot
 * lease (gift cards, services, protection plans, consumables) in Medusa's own terms: the product's gift-card
 * flag, a metadata flag the admin's product widget sets, or the plugin's `nonLeasable` option by type, tag,
 * collection or category. One cart line that cannot be leased makes the whole cart ineligible: the service
 * finances an application's lines as one contract, and a split payment is not something the spec offers.
 */

/** The metadata key a merchant (or the admin's product widget) sets to false on a product the lender cannot lease. */
export const LEASABLE_METADATA_KEY = "retail_financing_leasable"

/** The `nonLeasable` option, as the merchant writes it: values and handles, as the admin shows them. */
export interface NonLeasableOption {
  productTypes?: readonly string[]
  productTags?: readonly string[]
  collections?: readonly string[]
  categories?: readonly string[]
}

/**
 * The option ready to match products: categories by id, each with the handle the merchant wrote (a product
 * in a descendant category carries the ancestor's id in its category path, not its handle).
 */
export interface NonLeasableRule {
  productTypes: readonly string[]
  productTags: readonly string[]
  collections: readonly string[]
  /** Category id → the configured handle it was found by. */
  categories: ReadonlyMap<string, string>
}

export const NO_NON_LEASABLE_RULE: NonLeasableRule = {
  productTypes: [],
  productTags: [],
  collections: [],
  categories: new Map(),
}

/** A product as `query.graph` reads it with LEASABLE_PRODUCT_FIELDS. */
export interface LeasableProductFacts {
  id: string
  is_giftcard?: boolean | null
  metadata?: Record<string, unknown> | null
  type?: { value?: string | null } | null
  tags?: ({ value?: string | null } | null)[] | null
  collection?: { handle?: string | null } | null
  /** `mpath` is the category's path of ids from its root to itself, joined by dots (Medusa's own column). */
  categories?: ({ id: string; mpath?: string | null } | null)[] | null
}

/** The product fields whyNotLeasable reads, relative to the product. */
export const LEASABLE_PRODUCT_FIELDS = [
  "id",
  "is_giftcard",
  "metadata",
  "type.value",
  "tags.value",
  "collection.handle",
  "categories.id",
  "categories.mpath",
]

/**
 * The product fields whyNotLeasable needs under this rule: the gift-card flag and metadata always, the type,
 * tags, collection and categories only when the rule names any (each is a join in the product module).
 */
export function leasableProductFieldsFor(rule: NonLeasableRule): string[] {
  return LEASABLE_PRODUCT_FIELDS.filter(
    (field) =>
      (field !== "type.value" || rule.productTypes.length > 0) &&
      (field !== "tags.value" || rule.productTags.length > 0) &&
      (field !== "collection.handle" || rule.collections.length > 0) &&
      (!field.startsWith("categories.") || rule.categories.size > 0)
  )
}

/** The rule that keeps a product from being leased: the first that applies, in the order a merchant would look. */
export type NotLeasableBecause =
  | { rule: "gift_card" }
  | { rule: "metadata" }
  | { rule: "product_type"; value: string }
  | { rule: "product_tag"; value: string }
  | { rule: "collection"; value: string }
  | { rule: "category"; value: string }

/** Whether the product's metadata says it cannot be leased: boolean false, or "false" as a form would save it. */
export function metadataSaysNotLeasable(metadata: LeasableProductFacts["metadata"]): boolean {
  const flag = metadata?.[LEASABLE_METADATA_KEY]
  return flag === false || (typeof flag === "string" && flag.trim().toLowerCase() === "false")
}

/** Why a product cannot be leased, or null when it can. */
export function whyNotLeasable(
  product: LeasableProductFacts,
  rule: NonLeasableRule
): NotLeasableBecause | null {
  if (product.is_giftcard) return { rule: "gift_card" }
  if (metadataSaysNotLeasable(product.metadata)) return { rule: "metadata" }
  const type = product.type?.value
  if (type && rule.productTypes.includes(type)) return { rule: "product_type", value: type }
  const tag = (product.tags ?? []).find((t) => !!t?.value && rule.productTags.includes(t.value))?.value
  if (tag) return { rule: "product_tag", value: tag }
  const collection = product.collection?.handle
  if (collection && rule.collections.includes(collection)) return { rule: "collection", value: collection }
  for (const category of product.categories ?? []) {
    if (!category) continue
    // A product in "Services › Installation" is in "Services" too: any id on the path matches.
    const path = category.mpath ? category.mpath.split(".") : [category.id]
    const excluded = path.find((id) => rule.categories.has(id))
    if (excluded) return { rule: "category", value: rule.categories.get(excluded)! }
  }
  return null
}

/** A cart line as the leasable check reads it: lines without a product (custom items) have no rule to break. */
export interface LeasableCartItem {
  id: string
  title: string
  product_title?: string | null
  product?: LeasableProductFacts | null
}

/**
 * The problem a cart with lines the lender cannot lease has, or undefined. It names the lines by the
 * product's title, as the shopper saw them in the cart, and lists them for a storefront that marks them.
 */
export function nonLeasableItemsProblem(
  items: readonly LeasableCartItem[],
  rule: NonLeasableRule
): CheckoutProblem | undefined {
  const excluded: ProblemItem[] = items
    .filter((item) => item.product && whyNotLeasable(item.product, rule))
    .map((item) => ({ line_item_id: item.id, title: item.product_title || item.title }))
  if (excluded.length === 0) return undefined
  const titles = [...new Set(excluded.map((item) => item.title))]
  return {
    ...checkoutProblem("items_not_leasable", "items", { titles, count: excluded.length }),
    items: excluded,
  }
}
