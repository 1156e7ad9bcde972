import type { BigNumberInput } from "@medusajs/framework/types"

/** The parts of a Medusa cart that an application is built from, as `query.graph` returns them. */
export interface FinancingCartAddress {
  first_name?: string | null
  last_name?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
}

export interface FinancingCartAdjustment {
  code?: string | null
  promotion_id?: string | null
  amount: BigNumberInput
  /** The pre-tax part, set by Medusa's totals when the cart is read with its totals. */
  subtotal?: BigNumberInput | null
}

export interface FinancingCartLine {
  id: string
  subtotal: BigNumberInput
  discount_subtotal?: BigNumberInput | null
  adjustments?: FinancingCartAdjustment[] | null
}

export interface FinancingCartItem extends FinancingCartLine {
  title: string
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  quantity: BigNumberInput
}

export interface FinancingCartShippingMethod extends FinancingCartLine {
  name: string
}

export interface FinancingCart {
  id: string
  email?: string | null
  currency_code: string
  total: BigNumberInput
  tax_total?: BigNumberInput | null
  credit_line_total?: BigNumberInput | null
  items?: FinancingCartItem[] | null
  shipping_methods?: FinancingCartShippingMethod[] | null
  shipping_address?: FinancingCartAddress | null
  billing_address?: FinancingCartAddress | null
  customer?: {
    first_name?: string | null
    last_name?: string | null
    phone?: string | null
    email?: string | null
  } | null
}

/** `query.graph` fields that load everything above, totals included (they are computed only when asked). */
export const FINANCING_CART_FIELDS = [
  "id",
  "email",
  "currency_code",
  "completed_at",
  "total",
  "tax_total",
  "credit_line_total",
  "discount_subtotal",
  "items.*",
  "items.adjustments.*",
  "items.tax_lines.*",
  "shipping_methods.*",
  "shipping_methods.adjustments.*",
  "shipping_methods.tax_lines.*",
  "shipping_address.*",
  "billing_address.*",
  "customer.first_name",
  "customer.last_name",
  "customer.phone",
  "customer.email",
]
