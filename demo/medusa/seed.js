"use strict"
const fs = require("node:fs")

const {
  createApiKeysWorkflow,
  createLinksWorkflow,
  createLocationFulfillmentSetWorkflow,
  createProductsWorkflow,
  createPromotionsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} = require("@medusajs/medusa/core-flows")
const { ContainerRegistrationKeys, Modules, ProductStatus } = require("@medusajs/framework/utils")

const { ensureOutlet } = require("./seed-outlet")

/*
 * The demo store's data, run by `medusa exec` (demo/run.js): a US region in dollars offering pay over time,
 * sales tax, a warehouse shipping to the US, three pieces of furniture and a protection plan the lender
 * cannot lease, the promotion code DEMO10, a publishable key and the admin login; with DEMO_LOCATIONS=2,
 * the outlet's sales channel and key too (seed-outlet.js). It runs on every start: a database seeded
 * before is only read (its marker is the store's metadata, written last), and the admin's password is set
 * to the one the demo prints.
 *
 * It writes what the storefront needs to DEMO_SEED_OUTPUT as JSON, with `status` "seeded", "reused" or
 * "foreign" (the database holds data the demo did not finish making: not touched).
 */

const RETAIL_FINANCING_PROVIDER_ID = "pp_retail-financing_retail-financing"
// Medusa's built-in providers: a payment that needs no service, the flat tax rates, manual fulfillment.
const SYSTEM_PAYMENT_PROVIDER_ID = "pp_system_default"
const SYSTEM_TAX_PROVIDER_ID = "tp_system"
const MANUAL_FULFILLMENT_PROVIDER_ID = "manual_manual"

const MARKER = "retail_financing_demo"
const KEY_TITLE = "Oak & Linen storefront"
const PROMO_CODE = "DEMO10"

const PRODUCTS = [
  {
    title: "Walnut dining table",
    handle: "walnut-dining-table",
    description: "Solid walnut, seats six. Oiled by hand in Austin.",
    price: 1299.99,
  },
  {
    title: "Linen sectional sofa",
    handle: "linen-sectional-sofa",
    description: "Deep seats in stonewashed linen, with a reversible chaise.",
    price: 2199.0,
  },
  {
    title: "Oak side table",
    handle: "oak-side-table",
    description: "White oak with a lower shelf; pairs with the sofa.",
    price: 249.5,
  },
  // A lease-to-own lender cannot lease a service: the plugin's product widget shows why, and a cart holding
  // it is not offered Pay over time (the checkout says which item to remove).
  {
    title: "2-year protection plan",
    handle: "two-year-protection-plan",
    description: "Accidental damage and stains covered for two years. Bought with the store; not leasable.",
    price: 149,
    metadata: { retail_financing_leasable: false },
  },
]

async function seedDemo({ container }) {
  const output = process.env.DEMO_SEED_OUTPUT
  if (!output) throw new Error("DEMO_SEED_OUTPUT is not set: demo/run.js runs this script")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)

  let result = await readSeeded(container)
  if (result) {
    result.status = "reused"
  } else if (await holdsStoreData(container)) {
    result = { status: "foreign" }
  } else {
    result = { status: "seeded", ...(await seedStore(container)) }
  }
  if (result.status !== "foreign") {
    await ensureAdmin(container)
    // Set by demo/run.js with DEMO_LOCATIONS=2 only: a start with one location leaves an outlet made before.
    const outletChannelId = process.env.DEMO_OUTLET_SALES_CHANNEL_ID
    if (outletChannelId) result.outlet = await ensureOutlet(container, outletChannelId)
  }
  fs.writeFileSync(output, `${JSON.stringify(result, null, 2)}\n`)
  logger.info(`Demo seed: ${result.status}`)
}

/** What a finished seed made, or null when the database was never seeded to the end. */
async function readSeeded(container) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["id", "metadata", "default_region_id"] })
  const marker = store?.metadata?.[MARKER]
  if (!marker) return null
  const {
    data: [key],
  } = await query.graph({
    entity: "api_key",
    fields: ["token", "sales_channels.id"],
    filters: { title: KEY_TITLE, type: "publishable" },
  })
  if (!key) throw new Error(`the demo's publishable key "${KEY_TITLE}" is gone: restart with DEMO_RESET=1`)
  return { publishableKey: key.token, regionId: store.default_region_id, seededAt: marker.seeded_at }
}

/** A region or product the demo did not mark as its own: someone else's store, or a seed cut short. */
async function holdsStoreData(container) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [regions, products] = await Promise.all([
    query.graph({ entity: "region", fields: ["id"], pagination: { take: 1 } }),
    query.graph({ entity: "product", fields: ["id"], pagination: { take: 1 } }),
  ])
  return regions.data.length > 0 || products.data.length > 0
}

async function seedStore(container) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)

  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Oak & Linen web store" }] },
  })
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: KEY_TITLE, type: "publishable", created_by: "" }] },
  })
  // /store routes answer only requests whose publishable key is linked to a sales channel.
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })

  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "United States",
          currency_code: "usd",
          countries: ["us"],
          payment_providers: [RETAIL_FINANCING_PROVIDER_ID, SYSTEM_PAYMENT_PROVIDER_ID],
        },
      ],
    },
  })
  // Without a tax region the system tax provider returns no tax lines: every cart would be tax-free.
  await createTaxRegionsWorkflow(container).run({
    input: [
      {
        country_code: "us",
        provider_id: SYSTEM_TAX_PROVIDER_ID,
        default_tax_rate: { rate: 8.25, code: "US-SALES-TAX", name: "Sales tax" },
      },
    ],
  })

  const { shippingProfileId } = await seedShipping(container, salesChannel.id)

  await createProductsWorkflow(container).run({
    input: {
      products: PRODUCTS.map((product, index) => ({
        title: product.title,
        handle: product.handle,
        description: product.description,
        ...(product.metadata && { metadata: product.metadata }),
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: shippingProfileId,
        options: [{ title: "Finish", values: ["Natural"] }],
        variants: [
          {
            title: "Natural",
            sku: `DEMO-${index + 1}`,
            options: { Finish: "Natural" },
            // The demo is about paying, not stock: nothing to reserve, nothing to run out of.
            manage_inventory: false,
            prices: [{ currency_code: "usd", amount: product.price }],
          },
        ],
        sales_channels: [{ id: salesChannel.id }],
      })),
    },
  })

  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: [
        {
          code: PROMO_CODE,
          type: "standard",
          status: "active",
          application_method: {
            type: "percentage",
            target_type: "order",
            allocation: "across",
            value: 10,
            currency_code: "usd",
          },
        },
      ],
    },
  })

  const seededAt = new Date().toISOString()
  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["id", "metadata"] })
  // Last, so that a seed cut short leaves no marker behind.
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Oak & Linen (demo)",
        supported_currencies: [{ currency_code: "usd", is_default: true }],
        default_sales_channel_id: salesChannel.id,
        default_region_id: region.id,
        metadata: { ...store.metadata, [MARKER]: { seeded_at: seededAt } },
      },
    },
  })
  return { publishableKey: apiKey.token, regionId: region.id, seededAt }
}

/** A warehouse in Austin shipping anywhere in the US, by one flat-rate option. */
async function seedShipping(container, salesChannelId) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const fulfillment = container.resolve(Modules.FULFILLMENT)

  const [existingProfile] = await fulfillment.listShippingProfiles({ type: "default" })
  const shippingProfile =
    existingProfile ??
    (
      await createShippingProfilesWorkflow(container).run({
        input: { data: [{ name: "Default shipping profile", type: "default" }] },
      })
    ).result[0]

  const {
    result: [stockLocation],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Austin warehouse",
          address: {
            address_1: "100 Congress Ave",
            city: "Austin",
            province: "TX",
            postal_code: "78701",
            country_code: "us",
          },
        },
      ],
    },
  })
  // The store lists only shipping options served from a location of the cart's sales channel, and an
  // option can only use a fulfillment provider its location is linked to.
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
  // This workflow returns nothing, hence the query for the set it made.
  await createLocationFulfillmentSetWorkflow(container).run({
    input: {
      location_id: stockLocation.id,
      fulfillment_set_data: { name: "Austin shipping", type: "shipping" },
    },
  })
  const {
    data: [located],
  } = await query.graph({
    entity: "stock_location",
    fields: ["fulfillment_sets.id"],
    filters: { id: stockLocation.id },
  })
  const {
    result: [serviceZone],
  } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          name: "United States",
          fulfillment_set_id: located.fulfillment_sets[0].id,
          geo_zones: [{ type: "country", country_code: "us" }],
        },
      ],
    },
  })
  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Standard shipping",
        service_zone_id: serviceZone.id,
        shipping_profile_id: shippingProfile.id,
        provider_id: MANUAL_FULFILLMENT_PROVIDER_ID,
        price_type: "flat",
        type: { label: "Standard", description: "Delivered in 5-7 business days", code: "standard" },
        prices: [{ currency_code: "usd", amount: 49 }],
        // The store route lists only options enabled for the store that are not for returns.
        rules: [
          { attribute: "enabled_in_store", operator: "eq", value: "true" },
          { attribute: "is_return", operator: "eq", value: "false" },
        ],
      },
    ],
  })
  return { shippingProfileId: shippingProfile.id }
}

/** The login the demo prints: made on the first run, its password reset to the printed one on each. */
async function ensureAdmin(container) {
  const email = process.env.DEMO_ADMIN_EMAIL
  const password = process.env.DEMO_ADMIN_PASSWORD
  if (!email || !password) throw new Error("DEMO_ADMIN_EMAIL and DEMO_ADMIN_PASSWORD are not set")
  const auth = container.resolve(Modules.AUTH)
  const users = await container.resolve(Modules.USER).listUsers({ email })
  if (users.length > 0) {
    const updated = await auth.updateProvider("emailpass", { entity_id: email, password })
    if (!updated.success) throw new Error(`could not set the admin's password: ${updated.error}`)
    return
  }
  const registered = await auth.register("emailpass", { body: { email, password } })
  if (!registered.success || !registered.authIdentity) {
    throw new Error(`could not register the admin: ${registered.error ?? "unknown error"}`)
  }
  await createUserAccountWorkflow(container).run({
    input: {
      authIdentityId: registered.authIdentity.id,
      userData: { email, first_name: "Demo", last_name: "Admin" },
    },
  })
}

exports.default = seedDemo
