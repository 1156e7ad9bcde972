import { locationOfSalesChannel } from "../../config/locations"
import type { RetailFinancingOptions } from "../../config/options"
import { isFinancingProviderId } from "../../config/provider-id"
import { FINANCING_CART_FIELDS, type FinancingCart, type FinancingCartItem } from "./cart"
import {
  type ApplicationPolicy,
  type CartToApplicationResult,
  cartToApplication,
} from "./cart-to-application"
import {
  LEASABLE_PRODUCT_FIELDS,
  type LeasableCartItem,
  NO_NON_LEASABLE_RULE,
  type NonLeasableRule,
  nonLeasableItemsProblem,
} from "./leasable"
import {
  type CheckoutProblem,
  type CheckoutProblemCode,
  type ProblemItem,
  checkoutProblem,
  problemMessage,
} from "./shopper-details"
import type { ShopperLanguage } from "../shopper-text"

/*
 * One set of rules for "can this cart be financed?", asked twice: by the eligibility route before the
 * shopper clicks Pay over time, and by the session start after. Both run financingApplicationFor, so a
 * cart the route calls eligible is never refused at the click for a rule of the plugin's, and the reasons
 * read the same in both places.
 */

export interface EligibilityCart extends FinancingCart {
  items?: (FinancingCartItem & LeasableCartItem)[] | null
  completed_at?: unknown
  sales_channel_id?: string | null
  region_id?: string | null
  region?: {
    payment_providers?: ({ id: string; is_enabled?: boolean | null } | null)[] | null
  } | null
}

/**
 * FINANCING_CART_FIELDS plus what the checks before the application need: completion, region and what
 * the lender can lease of each line's product.
 */
export const ELIGIBILITY_CART_FIELDS = [
  ...FINANCING_CART_FIELDS,
  ...LEASABLE_PRODUCT_FIELDS.map((field) => `items.product.${field}`),
  "sales_channel_id",
  "region_id",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
]

/** The store's rules for a cart before its application is made: the application's, and what can be leased. */
export interface EligibilityPolicy extends ApplicationPolicy {
  /** What the lender cannot lease; every product can be leased when absent. */
  nonLeasable?: NonLeasableRule
}

/**
 * The store's rules for a cart's application, from the plugin's options (the URLs are the session start's)
 * and the non-leasable rule as read from Medusa (nonLeasableRuleOf resolves its categories). The store code
 * and the amount limits are those of the location the cart's sales channel sells through.
 */
export function applicationPolicyOf(
  options: Pick<
    RetailFinancingOptions,
    "storeCode" | "minAmount" | "maxAmount" | "allowedStates" | "locations"
  >,
  nonLeasable: NonLeasableRule = NO_NON_LEASABLE_RULE,
  salesChannelId?: string | null
): EligibilityPolicy {
  const location = locationOfSalesChannel(options, salesChannelId)
  return {
    storeCode: location.storeCode,
    minAmount: location.minAmount,
    maxAmount: location.maxAmount,
    allowedStates: options.allowedStates,
    nonLeasable,
  }
}

/**
 * Whether the cart's region offers this provider: the one a session is being started with, or, before the
 * shopper has chosen, any registration of it. Medusa lists a region's providers to the storefront but does
 * not itself refuse a session with a provider outside the region.
 */
export function regionOffersFinancing(cart: EligibilityCart, providerId?: string): boolean {
  return (cart.region?.payment_providers ?? []).some(
    (provider) =>
      !!provider &&
      provider.is_enabled !== false &&
      (providerId ? provider.id === providerId : isFinancingProviderId(provider.id))
  )
}

/**
 * The cart's application, or every reason it cannot be made. A completed cart has only that reason: the
 * rest would be advice about an order that already exists.
 *
 * Only here, before an application exists, is what the lender can lease checked: the guard at signing
 * compares the cart with what was applied for (cartToApplication alone), so a merchant who marks a product
 * non-leasable later never turns a contract a shopper has signed into an exception.
 */
export function financingApplicationFor(
  cart: EligibilityCart,
  policy: EligibilityPolicy,
  providerId?: string
): CartToApplicationResult {
  if (cart.completed_at) {
    return {
      ok: false,
      problems: [checkoutProblem("cart_completed", null)],
    }
  }
  const built = cartToApplication(cart, policy)
  const problems: CheckoutProblem[] = []
  if (!regionOffersFinancing(cart, providerId)) {
    problems.push(checkoutProblem("region_not_enabled", "region_id"))
  }
  const notLeasable = nonLeasableItemsProblem(cart.items ?? [], policy.nonLeasable ?? NO_NON_LEASABLE_RULE)
  if (notLeasable) problems.push(notLeasable)
  if (problems.length === 0) return built
  return { ok: false, problems: [...problems, ...(built.ok ? [] : built.problems)] }
}

/** One reason, as the store API sends it: the sentence, and the keys for a storefront's logic. */
export interface EligibilityReason {
  code: CheckoutProblemCode
  field: string | null
  message: string
  /** The lines at fault, on a reason about some of the cart's lines (items_not_leasable). */
  items?: ProblemItem[]
}

export interface FinancingEligibility {
  eligible: boolean
  reasons: EligibilityReason[]
}

/** Whether Pay over time can be offered for the cart now, and when not, what the shopper can do. */
export function financingEligibility(
  cart: EligibilityCart,
  policy: EligibilityPolicy,
  language: ShopperLanguage = "en"
): FinancingEligibility {
  const result = financingApplicationFor(cart, policy)
  return result.ok
    ? { eligible: true, reasons: [] }
    : { eligible: false, reasons: reasonsOf(result.problems, language) }
}

/**
 * What of a problem leaves the server, its sentence in the shopper's language: its `detail` is for the
 * store's log, its `params` only make the sentence.
 */
export function reasonsOf(
  problems: readonly Pick<CheckoutProblem, "code" | "field" | "params" | "items">[],
  language: ShopperLanguage = "en"
): EligibilityReason[] {
  return problems.map(({ code, field, params, items }) => ({
    code,
    field,
    message: problemMessage({ code, params }, language),
    ...(items && { items }),
  }))
}
