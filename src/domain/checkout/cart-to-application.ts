import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { ApplicationInput, Email, type Product } from "../../lib/financing/schemas"
import { issuesOf } from "../../lib/financing/validation"
import type { FinancingCart, FinancingCartAddress, FinancingCartLine } from "./cart"
import { fromCents, toCents } from "../money"
import { withoutUndefined } from "../without-undefined"
import {
  CITY,
  type CheckoutProblem,
  type Checked,
  FIRST_NAME,
  checkoutProblem,
  LAST_NAME,
  street,
  suite,
  text,
  usPhone,
  usState,
  usZip,
} from "./shopper-details"

export interface ApplicationPolicy {
  storeCode: string
  minAmount?: number
  maxAmount?: number
  /** US states the store finances in; all when absent. */
  allowedStates?: readonly string[]
  redirectUrl?: string
  cancelUrl?: string
}

export type CartToApplicationResult =
  { ok: true; application: ApplicationInput; totalCents: number } | { ok: false; problems: CheckoutProblem[] }

const DESCRIPTION_LIMIT = 256

/**
 * The financing application for a cart: one product line per item and per shipping method (pre-tax,
 * pre-discount), one negative line per promotion, one line of sales tax, one negative line of store
 * credit. Lines are rounded to cents one by one, and the cent that rounding can lose or gain is settled
 * on the tax line (or the largest line when there is no tax), so they add up to the cart total exactly.
 */
export function cartToApplication(cart: FinancingCart, policy: ApplicationPolicy): CartToApplicationResult {
  const problems: CheckoutProblem[] = []
  const take = <T>(checked: Checked<T>): T | undefined => {
    if (checked.ok) return checked.value
    problems.push(checked.problem)
    return undefined
  }

  if (cart.currency_code.toLowerCase() !== "usd") {
    problems.push(checkoutProblem("currency_not_usd", "currency_code"))
  }
  const totalCents = toCents(cart.total)
  const hasItems = (cart.items ?? []).length > 0
  const amountProblem = hasItems ? amountOutOfRange(totalCents, policy) : undefined
  if (amountProblem) problems.push(amountProblem)

  const { address: applicant, field: addressField } = applicantAddress(cart)
  if ((applicant?.country_code ?? "").toLowerCase() !== "us") {
    problems.push(checkoutProblem("address_not_us", `${addressField}.country_code`))
  }
  const person = { ...cart.customer, ...nonEmpty(cart.shipping_address), ...nonEmpty(cart.billing_address) }
  const firstName = take(text(`${addressField}.first_name`, person.first_name, 100, FIRST_NAME))
  const lastName = take(text(`${addressField}.last_name`, person.last_name, 100, LAST_NAME))
  const phone = take(
    usPhone(
      `${addressField}.phone`,
      cart.billing_address?.phone || cart.shipping_address?.phone || cart.customer?.phone
    )
  )
  const email = cart.email?.trim() || cart.customer?.email?.trim() || undefined
  if (email && email.length > 100) {
    problems.push(checkoutProblem("email_too_long", "email", { max: 100 }))
  } else if (email && !Email.safeParse(email).success) {
    problems.push(checkoutProblem("email_invalid", "email"))
  }

  const address = {
    street: take(street(`${addressField}.address_1`, applicant?.address_1, 40)),
    suiteApartment: take(suite(`${addressField}.address_2`, applicant?.address_2, 5)),
    city: take(text(`${addressField}.city`, applicant?.city, 25, CITY)),
    state: take(usState(`${addressField}.province`, applicant?.province)),
    zipCode: take(usZip(`${addressField}.postal_code`, applicant?.postal_code)),
  }
  if (address.state && policy.allowedStates && !policy.allowedStates.includes(address.state)) {
    problems.push(checkoutProblem("state_not_financed", `${addressField}.province`, { state: address.state }))
  }

  const products = productLines(cart)
  if (!products.ok) problems.push(products.problem)
  if (problems.length > 0 || !products.ok) return { ok: false, problems }

  const application: ApplicationInput = {
    storeCode: policy.storeCode,
    firstName: firstName!,
    lastName: lastName!,
    mobilePhone: phone!,
    ...(email && { email }),
    address: withoutUndefined(address),
    products: products.value,
    ...(policy.redirectUrl && { redirectUrl: policy.redirectUrl }),
    ...(policy.cancelUrl && { cancelUrl: policy.cancelUrl }),
  }
  // The contract's own rules are the last word: anything they refuse never reaches the service. The checks
  // above cover every rule a shopper can fix, so what is left is the store's data (a product title, say),
  // nothing to ask of the shopper: one plain sentence, with the rule kept for the store's log.
  const checked = ApplicationInput.safeParse(application)
  if (!checked.success) {
    return {
      ok: false,
      problems: [
        {
          ...checkoutProblem("application_invalid", null),
          detail: issuesOf(checked.error)
            .map((issue) => `${issue.path} ${issue.message}`)
            .join("; "),
        },
      ],
    }
  }
  return { ok: true, application: checked.data, totalCents }
}

/**
 * Whether cartToApplication would take anything from the cart's customer: its name, phone and email fill in
 * only what neither address (nor the cart, for the email) has. A reader may skip the customer otherwise.
 */
export function needsCustomerDetails(cart: Omit<FinancingCart, "customer">): boolean {
  const person = { ...nonEmpty(cart.shipping_address), ...nonEmpty(cart.billing_address) }
  return !person.first_name || !person.last_name || !person.phone || !cart.email?.trim()
}

function amountOutOfRange(totalCents: number, policy: ApplicationPolicy): CheckoutProblem | undefined {
  const min = policy.minAmount === undefined ? undefined : toCents(policy.minAmount)
  const max = policy.maxAmount === undefined ? undefined : toCents(policy.maxAmount)
  if (totalCents <= 0) return checkoutProblem("total_not_positive", "total")
  const below = min !== undefined && totalCents < min
  const above = max !== undefined && totalCents > max
  if (!below && !above) return undefined
  return checkoutProblem(below ? "total_below_minimum" : "total_above_maximum", "total", { min, max })
}

/** The billing address when it has a street, else the shipping address: the applicant's home. */
function applicantAddress(cart: FinancingCart): {
  address: FinancingCartAddress | null | undefined
  field: string
} {
  if (cart.billing_address?.address_1) return { address: cart.billing_address, field: "billing_address" }
  if (cart.shipping_address?.address_1) return { address: cart.shipping_address, field: "shipping_address" }
  return { address: cart.billing_address ?? cart.shipping_address, field: "billing_address" }
}

function productLines(cart: FinancingCart): Checked<Product[]> {
  // Shipping alone is not a purchase to finance.
  if ((cart.items ?? []).length === 0)
    return {
      ok: false,
      problem: checkoutProblem("cart_empty", "items"),
    }
  return { ok: true, value: applicationProductLines(cart).products }
}

export interface ApplicationProductLines {
  products: Product[]
  /** Where the sales tax line is in `products`, -1 when there is no tax: an invoice shows it apart. */
  taxIndex: number
}

/**
 * The application's product lines for a cart, or for an order read with the same fields: an invoice must
 * show the very lines the customer financed. Throws when the lines cannot be made to match the total.
 */
export function applicationProductLines(cart: FinancingCart): ApplicationProductLines {
  const totalCents = toCents(cart.total)
  const lines: Product[] = []
  for (const item of cart.items ?? []) {
    lines.push({
      ...(item.variant_sku && { id: item.variant_sku.slice(0, 256) }),
      description: describe(item.product_title, item.variant_title, item.title),
      quantity: MathBN.convert(item.quantity).toNumber(),
      value: fromCents(toCents(item.subtotal)),
    })
  }
  for (const method of cart.shipping_methods ?? []) {
    lines.push({
      description: limit(`Shipping: ${method.name}`),
      quantity: 1,
      value: fromCents(toCents(method.subtotal)),
    })
  }
  for (const [label, amount] of discounts([...(cart.items ?? []), ...(cart.shipping_methods ?? [])])) {
    lines.push({ description: limit(label), quantity: 1, value: -fromCents(toCents(amount)) })
  }
  const taxIndex = toCents(cart.tax_total) !== 0 ? lines.push(taxLine(cart.tax_total)) - 1 : -1
  if (toCents(cart.credit_line_total) !== 0) {
    lines.push({
      description: "Store credit",
      quantity: 1,
      value: -fromCents(toCents(cart.credit_line_total)),
    })
  }

  const drift = totalCents - lines.reduce((sum, line) => sum + toCents(line.value), 0)
  // Each line is off by half a cent at most; anything more means the cart's totals were misread.
  if (Math.abs(drift) > Math.ceil(lines.length / 2)) {
    throw new Error(`cart ${cart.id}: its lines add up to ${-drift} cents more than its total`)
  }
  // With no lines at all there is nothing to settle on, and the check above has let through no drift.
  if (lines.length > 0) {
    const settleOn = taxIndex >= 0 ? taxIndex : largestLine(lines)
    lines[settleOn] = { ...lines[settleOn], value: fromCents(toCents(lines[settleOn].value) + drift) }
  }
  return { products: lines, taxIndex }
}

function taxLine(taxTotal: BigNumberInput | null | undefined): Product {
  return { description: "Sales tax", quantity: 1, value: fromCents(toCents(taxTotal)) }
}

/**
 * One amount per promotion across every line, pre-tax. When Medusa did not itemise its adjustments (no
 * `subtotal` on them), the lines' discount subtotals make one "Discounts" line instead.
 */
function discounts(lines: FinancingCartLine[]): Map<string, BigNumberInput> {
  const byPromotion = new Map<string, ReturnType<typeof MathBN.convert>>()
  let itemised = MathBN.convert(0)
  let expected = MathBN.convert(0)
  for (const line of lines) {
    expected = expected.plus(MathBN.convert(line.discount_subtotal ?? 0))
    for (const adjustment of line.adjustments ?? []) {
      const amount = MathBN.convert(adjustment.subtotal ?? adjustment.amount)
      const label = adjustment.code ? `Discount ${adjustment.code}` : "Discount"
      byPromotion.set(label, (byPromotion.get(label) ?? MathBN.convert(0)).plus(amount))
      itemised = itemised.plus(amount)
    }
  }
  const zero = new Map<string, BigNumberInput>()
  if (expected.isZero() && itemised.isZero()) return zero
  // Medusa divides by the quantity and multiplies back, so the two sums can differ in the 20th decimal.
  const agree = itemised.minus(expected).abs().lte("0.000001")
  if (!agree && !expected.isZero()) return new Map([["Discounts", expected.toString()]])
  return new Map(
    [...byPromotion]
      .filter(([, amount]) => !amount.isZero())
      .map(([label, amount]) => [label, amount.toString()])
  )
}

function describe(productTitle?: string | null, variantTitle?: string | null, title?: string): string {
  const base = productTitle || title || "Item"
  const variant =
    variantTitle && !/^default/i.test(variantTitle) && variantTitle !== base ? ` (${variantTitle})` : ""
  return limit(`${base}${variant}`)
}

function limit(text: string): string {
  return text.length <= DESCRIPTION_LIMIT ? text : `${text.slice(0, DESCRIPTION_LIMIT - 1)}…`
}

/**
 * The largest line; of equal ones, the first by description, so the cent lands on the same line whatever
 * order the cart's lines were read in (the cart's fingerprint takes the lines as a set).
 */
function largestLine(lines: Product[]): number {
  return lines.reduce((best, line, index) => {
    const other = lines[best]
    const larger =
      line.value > other.value || (line.value === other.value && line.description < other.description)
    return larger ? index : best
  }, 0)
}

function nonEmpty(address: FinancingCartAddress | null | undefined) {
  if (!address) return {}
  return Object.fromEntries(
    Object.entries(address).filter(([, value]) => typeof value === "string" && value.trim())
  )
}
