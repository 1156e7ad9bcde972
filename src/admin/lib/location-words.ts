/**
 * The words for a location (one store code the plugin sells through) on the settings page: which sales
 * channels it sells through, the cart totals it finances, whose sign-in it uses. Pure, so it is unit-tested
 * without a DOM. Never a credential: the API sends only whether a location has its own.
 */

import type { StoreLocationView } from "../../domain/admin-api/types"
import { formatMoney } from "./format"

/**
 * The top-level store code lists no sales channel: it takes every one no other location lists. A channel
 * whose name is not known (not loaded yet, or deleted since the option was written) is shown by its id.
 */
export function salesChannelsWords(
  location: Pick<StoreLocationView, "sales_channel_ids">,
  names: ReadonlyMap<string, string>
): string {
  if (location.sales_channel_ids.length === 0) return "Every other sales channel"
  return location.sales_channel_ids.map((id) => names.get(id) ?? id).join(", ")
}

/** The cart totals the location finances; without minAmount or maxAmount the plugin applies no bound. */
export function amountLimitsWords(location: Pick<StoreLocationView, "min_amount" | "max_amount">): string {
  const { min_amount: min, max_amount: max } = location
  if (min !== null && max !== null) return `${formatMoney(min)} to ${formatMoney(max)}`
  if (min !== null) return `From ${formatMoney(min)}`
  if (max !== null) return `Up to ${formatMoney(max)}`
  return "Any total (no minAmount or maxAmount set)"
}

export function signInWords(location: Pick<StoreLocationView, "own_credentials">): string {
  return location.own_credentials ? "Its own username and password" : "The top-level username and password"
}
