import { createHmac } from "node:crypto"

import type { ApplicationInput } from "../../lib/financing/schemas"
import type { FinancingCart, FinancingCartAddress } from "./cart"
import { cartToApplication } from "./cart-to-application"

/**
 * What was financed, as two keyed fingerprints: one of the product lines and total, one of the customer
 * (name, email, phone, billing and shipping address). HMACs keyed from the callbackSecret: equal inputs
 * give equal fingerprints, and a fingerprint reveals nothing of the shopper to whoever reads the ledger.
 * Two, so an exception can say whether the items or the customer changed.
 */
export interface FinancedFingerprints {
  cart: string
  customer: string
}

/** The parts of an application that describe what is financed, not where the shopper is sent back to. */
type FinancedApplication = Pick<
  ApplicationInput,
  "firstName" | "middleInitial" | "lastName" | "mobilePhone" | "email" | "address" | "products"
>

/**
 * Cart fingerprints with this prefix take the lines as a set. Those without one (recorded before it) took
 * them in the order the cart was read in, which a read of another shape may not give again: the guard
 * compares each with its own kind (sameFinancedCart).
 */
const CART_FINGERPRINT_V2 = "v2."

/** What the cart now gives: the fingerprints, and the cart one as ledger rows from before v2 hold it. */
export interface CurrentFingerprints extends FinancedFingerprints {
  legacyCart: string
}

export function financedFingerprints(
  secret: string,
  cart: Pick<FinancingCart, "email" | "billing_address" | "shipping_address">,
  application: FinancedApplication,
  totalCents: number
): FinancedFingerprints {
  const mac = keyedMac(secret)
  return {
    // The lines as a set: what was financed, whatever order a read of the cart listed them in.
    cart:
      CART_FINGERPRINT_V2 +
      mac({
        lines: linesOf(application)
          .map((line) => JSON.stringify(line))
          .sort(),
        totalCents,
      }),
    customer: mac({
      firstName: application.firstName,
      middleInitial: application.middleInitial ?? null,
      lastName: application.lastName,
      mobilePhone: application.mobilePhone,
      email: normalised(application.email ?? cart.email),
      address: application.address ?? null,
      billing: addressOf(cart.billing_address),
      shipping: addressOf(cart.shipping_address),
    }),
  }
}

/** The cart fingerprint as rows from before v2 hold it: the lines in the order the cart was read in. */
function legacyCartFingerprint(secret: string, application: FinancedApplication, totalCents: number): string {
  return keyedMac(secret)({ products: linesOf(application), totalCents })
}

/** HMACs keyed from the callbackSecret, for this purpose only. */
function keyedMac(secret: string): (value: unknown) => string {
  const key = createHmac("sha256", secret).update("financed-fingerprint").digest()
  return (value) => createHmac("sha256", key).update(JSON.stringify(value)).digest("base64url")
}

function linesOf(application: FinancedApplication): [string, number, number][] {
  return application.products.map(({ description, quantity, value }) => [description, quantity, value])
}

/** Whether the cart still finances what the recorded fingerprint was taken of, by the recorded one's kind. */
export function sameFinancedCart(recorded: string, current: CurrentFingerprints | null): boolean {
  if (!current) return false
  return recorded.startsWith(CART_FINGERPRINT_V2)
    ? recorded === current.cart
    : recorded === current.legacyCart
}

/** Case and spacing are not changes: "ADA@example.com " is the same customer as "ada@example.com". */
function normalised(value: string | null | undefined): string | null {
  const text = value?.trim().replace(/\s+/g, " ").toLowerCase()
  return text ? text : null
}

function addressOf(address: FinancingCartAddress | null | undefined): (string | null)[] | null {
  if (!address) return null
  return [
    address.first_name,
    address.last_name,
    address.address_1,
    address.address_2,
    address.city,
    address.province,
    address.postal_code,
    address.country_code,
    address.phone,
  ].map(normalised)
}

/**
 * The fingerprints a cart gives now, built exactly as at creation (cartToApplication, then
 * financedFingerprints); null when the cart no longer makes an application at all (its items or the
 * customer's address were removed, say). The store's amount and state limits are left out: they decide
 * whether an application may be made, not what it finances, and a merchant may change them meanwhile.
 */
export function currentFingerprints(
  secret: string,
  cart: FinancingCart,
  storeCode: string
): CurrentFingerprints | null {
  const built = cartToApplication(cart, { storeCode })
  if (!built.ok) return null
  return {
    ...financedFingerprints(secret, cart, built.application, built.totalCents),
    legacyCart: legacyCartFingerprint(secret, built.application, built.totalCents),
  }
}
