import { formatMoney, listInWords } from "./language"

/** An amount range a store finances, in whole cents; either end may be open. */
export interface AmountRange {
  min?: number
  max?: number
}

const money = (cents: number) => formatMoney("en", cents)
const PHONE = "Enter a US mobile phone number, such as 512-555-0100."

function range({ min, max }: AmountRange): string {
  if (min !== undefined && max !== undefined) return `from ${money(min)} to ${money(max)}`
  return min !== undefined ? `of ${money(min)} or more` : `of up to ${money(max ?? 0)}`
}

/**
 * Every sentence the plugin shows a shopper, in English: the source every other language is checked
 * against (es.ts must have each key, taking the same values). Keys are the stable codes a storefront
 * already reads (a reason's `code`, a service failure's, a contract exception's, a financing state), so a
 * text is chosen by its code and the code never changes with the language.
 */
export const EN = {
  // Why a cart cannot be financed (a reason's `code`).
  cart_completed: () => "This cart has already been ordered.",
  region_not_enabled: () => "Pay over time is not available in your region.",
  currency_not_usd: () => "Pay over time is available only for orders in US dollars.",
  cart_empty: () => "Add an item to your cart to pay over time.",
  total_not_positive: () => "Pay over time is available only for orders with a total above $0.00.",
  total_below_minimum: (limits: AmountRange) => `Pay over time is available for orders ${range(limits)}.`,
  total_above_maximum: (limits: AmountRange) => `Pay over time is available for orders ${range(limits)}.`,
  address_not_us: () => "Enter a billing address in the United States to pay over time.",
  state_not_financed: ({ state }: { state: string }) =>
    `Pay over time is not available for addresses in ${state}.`,
  first_name_missing: () => "Enter your first name.",
  first_name_too_long: ({ max }: { max: number }) => `Shorten your first name to ${max} characters or fewer.`,
  last_name_missing: () => "Enter your last name.",
  last_name_too_long: ({ max }: { max: number }) => `Shorten your last name to ${max} characters or fewer.`,
  phone_missing: () => PHONE,
  phone_not_us_mobile: () => PHONE,
  email_invalid: () => "Enter a valid email address, such as name@example.com.",
  email_too_long: ({ max }: { max: number }) => `Shorten the email address to ${max} characters or fewer.`,
  street_missing: () => "Enter a street address.",
  street_too_long: ({ max }: { max: number }) =>
    `Shorten the street address to ${max} characters or fewer; an apartment or suite goes on the second line.`,
  po_box: () => "Enter a street address: a PO box cannot be used to pay over time.",
  suite_too_long: ({ max }: { max: number }) =>
    `Shorten the apartment or suite number to ${max} characters or fewer.`,
  city_missing: () => "Enter the city.",
  city_too_long: ({ max }: { max: number }) => `Shorten the city to ${max} characters or fewer.`,
  state_invalid: () => "Enter a US state, such as TX.",
  zip_invalid: () => "Enter a 5-digit US ZIP code, such as 78701.",
  application_invalid: () =>
    "Pay over time cannot be offered for this cart. Please choose another way to pay.",
  items_not_leasable: ({ titles, count }: { titles: string[]; count: number }) =>
    `Pay over time can't be used for ${listInWords("en", titles)}. ` +
    `Remove ${count === 1 ? "it" : "them"} to pay over time, or choose another way to pay.`,

  // The financing service failed (a failure's `code`, by kind).
  service_unavailable: () =>
    "The financing service is not available right now; try again or choose another way to pay.",
  service_timeout: () =>
    "The financing service did not answer in time; try again or choose another way to pay.",
  service_not_found: () => "The financing service does not know this application.",
  service_refused: () => "The financing service refused this request. Please choose another way to pay.",
  service_unusable: () => "The financing request could not be made. Please choose another way to pay.",

  // A signed contract without an order (the exception's reason).
  exception_cart_changed: () =>
    "Your cart changed after you applied, so this contract does not match it. Please check out again; " +
    "the store will cancel the earlier contract.",
  exception_customer_details_changed: () =>
    "Your name, contact details or address changed after you applied, so this contract does not match " +
    "your order. Please check out again; the store will cancel the earlier contract.",
  exception_superseded: () =>
    "You signed an earlier application for this cart; only the latest one can place the order. " +
    "Please complete the latest application; the store will cancel the earlier contract.",
  exception_completion_failed: () =>
    "Your contract is signed, but the store could not place the order yet (an item may be out of stock). " +
    "The store has been told and will contact you.",
  exception_session_deleted: () =>
    "This application no longer belongs to your checkout. Please check out again; the store will cancel " +
    "the earlier contract.",
  exception_contract_short: () =>
    "Your contract covers less than your cart total, so the order could not be placed. Please contact the " +
    "store or choose another way to pay.",

  // Where a cart's financing stands (GET /store/retail-financing/carts/:id/financing).
  financing_order_placed: () => "Your order is placed and paid over time.",
  financing_waiting: () =>
    "Your application is going through and the store is placing your order. This page will update in a moment.",
  financing_declined: () =>
    "Your application was not approved, so no order was placed and you owe nothing. Please choose another way to pay.",
  financing_left: () =>
    "Your application was cancelled or has expired, so no order was placed and you owe nothing. " +
    "You can choose Pay over time again or another way to pay.",
  financing_not_started: () =>
    "You have not finished an application for this cart. You can choose Pay over time at checkout.",
  financing_paid_another_way: () => "Your order is placed and paid another way, not over time.",
  financing_signed_paid_another_way: () =>
    "Your order was placed and paid another way, so the contract you signed is not needed. The store has " +
    "been told and will cancel it.",
  financing_nothing_owed: () => "You owe nothing for that contract.",
  financing_in_store_payment: ({ cents }: { cents: number }) =>
    `Your contract does not cover ${money(cents)} of this order: you still owe it to the store.`,
  financing_in_store_contact: () => "The store will contact you about how to pay it.",
  cart_not_found: () => "We could not find this cart. Please go back to your cart and check out again.",
}

export type ShopperCatalogue = { readonly [Key in keyof typeof EN]: (typeof EN)[Key] }
export type ShopperTextKey = keyof ShopperCatalogue
