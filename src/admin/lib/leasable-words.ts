import type { NotLeasableBecause } from "../../domain/admin-api/types"

/** Where the merchant changes a rule that comes from the plugin's options: medusa-config.ts, by option path. */
const OPTION = {
  product_type: "nonLeasable.productTypes",
  product_tag: "nonLeasable.productTags",
  collection: "nonLeasable.collections",
  category: "nonLeasable.categories",
} as const

/** Why the lender cannot lease a product, as one sentence for the merchant, naming where to change it. */
export function notLeasableSentence(because: NotLeasableBecause): string {
  switch (because.rule) {
    case "gift_card":
      return "It is a gift card, and a lease-to-own lender cannot lease gift cards."
    case "metadata":
      return "It is marked as not leasable here (the switch below)."
    case "product_type":
      return `Its type, “${because.value}”, is listed as not leasable in the plugin's options (${OPTION.product_type}).`
    case "product_tag":
      return `Its tag “${because.value}” is listed as not leasable in the plugin's options (${OPTION.product_tag}).`
    case "collection":
      return `Its collection, “${because.value}”, is listed as not leasable in the plugin's options (${OPTION.collection}).`
    case "category":
      return `It is in the category “${because.value}” (or one below it), listed as not leasable in the plugin's options (${OPTION.category}).`
  }
}
