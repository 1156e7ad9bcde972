import {
  createLinksWorkflow,
  createLocationFulfillmentSetWorkflow,
  createProductsWorkflow,
  createPromotionsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { HttpTypes, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { isAxiosError, type AxiosInstance } from "axios"

import type { AuthHeaders } from "./admin"
import { RETAIL_FINANCING_PROVIDER_ID } from "./constants"
import { createRegion, createStorefrontAccess } from "./store"

// pp_system_default and tp_system always exist; manual_manual comes with the fulfillment module defineConfig
// adds when an app, like this one, does not configure fulfillment itself.
export const SYSTEM_PAYMENT_PROVIDER_ID = "pp_system_default"
export const SYSTEM_TAX_PROVIDER_ID = "tp_system"
export const MANUAL_FULFILLMENT_PROVIDER_ID = "manual_manual"

export const CHECKOUT_PROMO_CODES = {
  /** $10 off the order, spread across the items. */
  tenOff: "TEN",
  /** 100 % off every shipping method. */
  freeShipping: "FREESHIP",
} as const

/** The checkout: two items (one of them twice), shipping, a promotion and tax. */
export const TWO_ITEMS_WITH_PROMOTION = {
  items: [
    { variantIndex: 0, quantity: 1 },
    { variantIndex: 1, quantity: 2 },
  ],
  promoCodes: [CHECKOUT_PROMO_CODES.tenOff],
}

/**
 * What a storefront needs of the store to check out: the key, the region, the variants and the shipping
 * option. A seeded test app has it (CheckoutSeed), and so has a spawned store (medusa-process/).
 */
export type StoreCheckout = Pick<CheckoutSeed, "headers" | "regionId" | "shippingOptionId" | "variantIds">

export type CheckoutProductInput = { title: string; price: number }

export type CheckoutSeedOptions = {
  /** Both by default, so a test can pay with the system provider when financing is not what it tests. */
  paymentProviders?: string[]
  /** A percentage, as Medusa stores it: 8.25 means 8.25 %. */
  taxRate?: number
  /** Unit prices in dollars; cents are on purpose, they catch float and minor-unit mistakes. */
  products?: CheckoutProductInput[]
  shippingPrice?: number
}

export type CheckoutSeed = AuthHeaders & {
  regionId: string
  salesChannelId: string
  publishableKey: string
  stockLocationId: string
  shippingProfileId: string
  shippingOptionId: string
  /** In the order of `products`, so `variantIndex` in a cart request is a position in that list. */
  variantIds: string[]
  unitPrices: number[]
  shippingPrice: number
  taxRate: number
  paymentProviderIds: string[]
  promoCodes: typeof CHECKOUT_PROMO_CODES
}

const DEFAULT_PRODUCTS: CheckoutProductInput[] = [
  { title: "Sectional sofa", price: 1199.99 },
  { title: "Throw pillow", price: 49.95 },
]

/**
 * Everything a store cart needs to reach payment: a channel and key, a US region with tax, a place to ship
 * from, one flat shipping option, products and two promotion codes. Call it once per spec file, in
 * beforeAll: the tax region, fulfillment set and promotion codes are unique in the database.
 */
export async function seedCheckoutStore(
  container: MedusaContainer,
  options: CheckoutSeedOptions = {}
): Promise<CheckoutSeed> {
  const paymentProviderIds = options.paymentProviders ?? [
    RETAIL_FINANCING_PROVIDER_ID,
    SYSTEM_PAYMENT_PROVIDER_ID,
  ]
  const taxRate = options.taxRate ?? 8.25
  const products = options.products ?? DEFAULT_PRODUCTS
  const shippingPrice = options.shippingPrice ?? 10

  const storefront = await createStorefrontAccess(container)
  const salesChannelId = storefront.salesChannel.id
  const region = await createRegion(container, { paymentProviders: paymentProviderIds })

  // Without a tax region the system provider returns no tax lines, and every cart would have tax_total 0.
  await createTaxRegionsWorkflow(container).run({
    input: [
      {
        country_code: "us",
        provider_id: SYSTEM_TAX_PROVIDER_ID,
        default_tax_rate: { rate: taxRate, code: "US-DEFAULT", name: "US default rate" },
      },
    ],
  })

  const {
    result: [shippingProfile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Checkout seed profile", type: "default" }] },
  })

  const {
    result: [stockLocation],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Austin warehouse" }] },
  })
  // Store shipping options are only those served from a location in the cart's sales channel, and a
  // shipping option can only use a fulfillment provider its location is linked to.
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: stockLocation.id, add: [salesChannelId] },
  })
  await createLinksWorkflow(container).run({
    input: [
      {
        [Modules.STOCK_LOCATION]: { stock_location_id: stockLocation.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: MANUAL_FULFILLMENT_PROVIDER_ID },
      },
    ],
  })

  // This workflow returns nothing, and ignores service zones given with the set, hence the query and the
  // separate zone workflow.
  await createLocationFulfillmentSetWorkflow(container).run({
    input: {
      location_id: stockLocation.id,
      fulfillment_set_data: { name: "Austin shipping", type: "shipping" },
    },
  })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [located],
  } = await query.graph({
    entity: "stock_location",
    fields: ["fulfillment_sets.id"],
    filters: { id: stockLocation.id },
  })
  const fulfillmentSetId = located?.fulfillment_sets?.[0]?.id
  if (!fulfillmentSetId) {
    throw new Error(`Stock location ${stockLocation.id} has no fulfillment set after creating one`)
  }
  const {
    result: [serviceZone],
  } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          name: "United States",
          fulfillment_set_id: fulfillmentSetId,
          geo_zones: [{ type: "country", country_code: "us" }],
        },
      ],
    },
  })

  const {
    result: [shippingOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Standard shipping",
        service_zone_id: serviceZone.id,
        shipping_profile_id: shippingProfile.id,
        provider_id: MANUAL_FULFILLMENT_PROVIDER_ID,
        price_type: "flat",
        type: { label: "Standard", description: "Ships in 3-5 days", code: "standard" },
        prices: [{ currency_code: "usd", amount: shippingPrice }],
        // The store route lists only options marked for the store and not for returns.
        rules: [
          { attribute: "enabled_in_store", operator: "eq", value: "true" },
          { attribute: "is_return", operator: "eq", value: "false" },
        ],
      },
    ],
  })

  const { result: createdProducts } = await createProductsWorkflow(container).run({
    input: {
      products: products.map((product, index) => ({
        title: product.title,
        status: ProductStatus.PUBLISHED,
        // A cart item can only be shipped by an option of its product's shipping profile.
        shipping_profile_id: shippingProfile.id,
        options: [{ title: "Default option", values: ["Default"] }],
        variants: [
          {
            title: product.title,
            sku: `CHECKOUT-SEED-${index}`,
            options: { "Default option": "Default" },
            // No inventory items or levels to seed: these tests are about money, not stock.
            manage_inventory: false,
            prices: [{ currency_code: "usd", amount: product.price }],
          },
        ],
        sales_channels: [{ id: salesChannelId }],
      })),
    },
  })
  // Matched by SKU rather than trusting the order of the workflow's result.
  const variantIds = products.map((_, index) => {
    const sku = `CHECKOUT-SEED-${index}`
    const variant = createdProducts.flatMap(({ variants }) => variants ?? []).find((v) => v.sku === sku)
    if (!variant) throw new Error(`Variant ${sku} was not created`)
    return variant.id
  })

  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: [
        {
          code: CHECKOUT_PROMO_CODES.tenOff,
          type: "standard",
          status: "active",
          application_method: {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value: 10,
            currency_code: "usd",
          },
        },
        {
          code: CHECKOUT_PROMO_CODES.freeShipping,
          type: "standard",
          status: "active",
          application_method: {
            type: "percentage",
            target_type: "shipping_methods",
            allocation: "across",
            value: 100,
          },
        },
      ],
    },
  })

  return {
    headers: storefront.headers,
    regionId: region.id,
    salesChannelId,
    publishableKey: storefront.headers["x-publishable-api-key"],
    stockLocationId: stockLocation.id,
    shippingProfileId: shippingProfile.id,
    shippingOptionId: shippingOption.id,
    variantIds,
    unitPrices: products.map(({ price }) => price),
    shippingPrice,
    taxRate,
    paymentProviderIds,
    promoCodes: CHECKOUT_PROMO_CODES,
  }
}

export type CheckoutAddress = {
  first_name: string
  last_name: string
  address_1: string
  city: string
  province: string
  postal_code: string
  country_code: string
  phone: string
}

export const CHECKOUT_ADDRESS: CheckoutAddress = {
  first_name: "Jordan",
  last_name: "Rivera",
  address_1: "1 Main St",
  city: "Austin",
  province: "tx",
  postal_code: "78701",
  country_code: "us",
  phone: "512-555-0100",
}

export type CheckoutCartInput = {
  items: { variantIndex: number; quantity: number }[]
  promoCodes?: string[]
  /** Merged over CHECKOUT_ADDRESS and used for both shipping and billing. */
  address?: Partial<CheckoutAddress>
  email?: string
}

// The store's default fields already hold every cart-level total (total, tax_total, discount_subtotal,
// item_subtotal, shipping_subtotal...); these add the per-line totals, which it leaves out.
export const CHECKOUT_CART_FIELDS = [
  "+items.subtotal",
  "+items.total",
  "+items.tax_total",
  "+items.discount_total",
  "+shipping_methods.name",
  "+shipping_methods.subtotal",
  "+shipping_methods.total",
  "+shipping_methods.tax_total",
  "+shipping_methods.discount_total",
].join(",")

/** Fields the store returns by default that HttpTypes.StoreCart (2.21) does not declare. */
export type CheckoutCart = HttpTypes.StoreCart & {
  discount_subtotal: number
  shipping_discount_total: number
  credit_line_total: number
}

/**
 * A cart built the way a storefront builds one: create it with the shopper's details and items, choose
 * shipping, then enter codes. Returns the cart as the store API reports it, totals included.
 */
export async function createCheckoutCart(
  api: AxiosInstance,
  seed: StoreCheckout,
  input: CheckoutCartInput
): Promise<CheckoutCart> {
  const address = { ...CHECKOUT_ADDRESS, ...input.address }
  const items = input.items.map(({ variantIndex, quantity }) => {
    const variantId = seed.variantIds[variantIndex]
    if (!variantId) throw new Error(`No seeded variant at index ${variantIndex}`)
    return { variant_id: variantId, quantity }
  })

  const { cart } = await storeRequest<{ cart: HttpTypes.StoreCart }>(api, seed, "post", "/store/carts", {
    region_id: seed.regionId,
    email: input.email ?? "shopper@retail-financing.test",
    shipping_address: address,
    billing_address: address,
    items,
  })
  await storeRequest(api, seed, "post", `/store/carts/${cart.id}/shipping-methods`, {
    option_id: seed.shippingOptionId,
  })
  // Codes go on after shipping: given at creation, a shipping promotion finds no shipping method, is
  // dropped from the cart, and adding the method later does not bring it back.
  if (input.promoCodes?.length) {
    await storeRequest(api, seed, "post", `/store/carts/${cart.id}/promotions`, {
      promo_codes: input.promoCodes,
    })
  }

  const refreshed = await storeRequest<{ cart: CheckoutCart }>(
    api,
    seed,
    "get",
    `/store/carts/${cart.id}?fields=${CHECKOUT_CART_FIELDS}`
  )
  return refreshed.cart
}

/** The collection a storefront creates before it starts a payment session. */
export async function createPaymentCollection(
  api: AxiosInstance,
  seed: StoreCheckout,
  cartId: string
): Promise<HttpTypes.StorePaymentCollection> {
  const { payment_collection } = await storeRequest<{
    payment_collection: HttpTypes.StorePaymentCollection
  }>(api, seed, "post", "/store/payment-collections", { cart_id: cartId })
  return payment_collection
}

/**
 * axios reports a refused request as "Request failed with status code 400"; Medusa's reason is in the
 * body, and a seed step that fails without it costs a debugging session.
 */
async function storeRequest<T = unknown>(
  api: AxiosInstance,
  seed: StoreCheckout,
  method: "get" | "post",
  url: string,
  body?: unknown
): Promise<T> {
  try {
    const response =
      method === "get"
        ? await api.get<T>(url, { headers: seed.headers })
        : await api.post<T>(url, body, { headers: seed.headers })
    return response.data
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      throw new Error(
        `${method.toUpperCase()} ${url} answered ${error.response.status}: ${JSON.stringify(error.response.data)}`,
        { cause: error }
      )
    }
    throw error
  }
}
