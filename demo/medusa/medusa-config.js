"use strict"
const { defineConfig } = require("@medusajs/framework/utils")

const { redisModules } = require("./redis-modules")

/*
 * The demo store's Medusa config: the plugin loaded from this repository's source, as the root
 * medusa-config.ts loads it for the integration tests, pointed at the demo's sandbox and storefront.
 * demo/run.js passes every value in through the environment (ports are chosen at start, secrets are made
 * once per database); this file only says what the store is.
 */

function required(name) {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: start the demo with \`npm run demo\`, not Medusa directly`)
  return value
}

const storefrontUrl = required("DEMO_STOREFRONT_URL")
// DEMO_LOCATIONS=2 (demo/lib/outlet.js): the outlet, a second location with a store code of its own.
const outletStoreCode = process.env.DEMO_OUTLET_STORE_CODE
const outletStorefrontUrl = outletStoreCode ? required("DEMO_OUTLET_STOREFRONT_URL") : undefined
// DEMO_STOREFRONT_ORIGINS (checked in demo/lib/settings.js): other storefronts using the demo as backend.
const otherStorefronts = (process.env.DEMO_STOREFRONT_ORIGINS ?? "").split(",").filter(Boolean)
// The browser calls the store API from each storefront, and the shopper comes back to the one they left.
const storefrontUrls = [
  storefrontUrl,
  ...(outletStorefrontUrl ? [outletStorefrontUrl] : []),
  ...otherStorefronts,
]
// DEMO_TOPOLOGY=redis (demo/lib/topology.js): a server and a worker sharing Medusa's Redis modules.
const redisUrl = process.env.DEMO_REDIS_URL
const backendUrl = required("DEMO_BACKEND_URL")

/** @type {import("../../src/config/options").RetailFinancingOptionsInput} */
const retailFinancing = {
  baseUrl: required("DEMO_SANDBOX_URL"),
  username: required("DEMO_SANDBOX_USERNAME"),
  password: required("DEMO_SANDBOX_PASSWORD"),
  storeCode: required("DEMO_STORE_CODE"),
  backendUrl,
  callbackSecret: required("DEMO_CALLBACK_SECRET"),
  returnUrl: `${storefrontUrl}/checkout/financing/return?cart_id={cart_id}`,
  cancelUrl: `${storefrontUrl}/checkout/financing/cancel?cart_id={cart_id}`,
  allowedRedirectOrigins: storefrontUrls,
  minAmount: 200,
  maxAmount: 5000,
  // The outlet's carts go under its store code, with its own retailer account and a lower maximum; its
  // storefront sends its own return and cancel pages (returnUrl above is the web store's).
  ...(outletStoreCode
    ? {
        locations: [
          {
            storeCode: outletStoreCode,
            username: required("DEMO_OUTLET_USERNAME"),
            password: required("DEMO_OUTLET_PASSWORD"),
            salesChannelIds: [required("DEMO_OUTLET_SALES_CHANNEL_ID")],
            maxAmount: Number(required("DEMO_OUTLET_MAX_AMOUNT")),
          },
        ],
      }
    : {}),
  timeoutMs: 10_000,
  storeName: "Oak & Linen (demo)",
  storeAddress: {
    street: "100 Congress Ave",
    city: "Austin",
    state: "TX",
    zip: "78701",
    phone: "512-555-0100",
  },
  // Codes from the sandbox's seeded carrier list; Medusa's manual fulfillment provider stands in for one.
  carriers: ["NationalPost", "ExpressCourier"],
  carrierMap: { manual_manual: "NationalPost" },
  returnAgent: { name: "Oak & Linen returns", email: "returns@example.com", phone: "512-555-0101" },
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: required("DATABASE_URL"),
    http: {
      jwtSecret: required("JWT_SECRET"),
      cookieSecret: required("COOKIE_SECRET"),
      storeCors: storefrontUrls.join(","),
      adminCors: backendUrl,
      authCors: [backendUrl, ...storefrontUrls].join(","),
    },
    // Sessions in Redis, so a dashboard login holds on every server; workerMode comes from MEDUSA_WORKER_MODE.
    ...(redisUrl ? { redisUrl } : {}),
  },
  // Served from the app folder's public/admin (a prebuilt bundle), because NODE_ENV is not "development".
  admin: { path: "/app" },
  modules: [
    // A store gets this module through the plugin entry; loaded from source, it is registered by hand.
    { resolve: "./src/modules/retail-financing", options: retailFinancing },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "./src/providers/retail-financing", id: "retail-financing", options: retailFinancing },
        ],
      },
    },
    ...(redisUrl ? redisModules(redisUrl) : []),
  ],
})
