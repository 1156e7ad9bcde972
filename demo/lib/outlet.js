"use strict"

/*
 * DEMO_LOCATIONS=2: the demo retailer's second location, its outlet, as a store with several locations
 * runs it (the plugin's `locations` option). The outlet sells the same products from the same warehouse
 * through a sales channel of its own, "Outlet", with its own publishable key and storefront; its carts are
 * financed under its own store code, with its own retailer account at the sandbox, its own partner and a
 * lower maximum. Everything else (the web store's channel) stays under the top-level store code.
 */

const OUTLET = {
  name: "Outlet",
  storeCode: "DEMO-OUTLET",
  username: "demo-outlet",
  /**
   * Fixed, not made by the seed: Medusa reads medusa-config.js (and with it the plugin's `locations`) as it
   * boots, and the seed runs in a Medusa boot of its own before the store's; a fixed id names the channel
   * in both, first start or later, and in the worker of DEMO_TOPOLOGY=redis, with nothing to pass between
   * them.
   */
  salesChannelId: "sc_demo_outlet",
  /** Below the web store's $5,000: the sofa is financed there and not at the outlet. */
  maxAmount: 2000,
  /** One partner of its own, so the sandbox's page and the signed contract show whose application it is. */
  partners: [
    {
      code: "OUTLETLEASE",
      name: "Outlet Lease Company",
      displayName: "Outlet Lease",
      street: "2 Factory Rd",
      suiteApartment: null,
      city: "San Marcos",
      state: "TX",
      zipCode: "78666",
      phone: "512-555-0188",
    },
  ],
}

/** The outlet's retailer account, for the sandbox beside the web store's. */
function outletSandboxCredentials(secrets) {
  return {
    username: OUTLET.username,
    password: secrets.outletSandboxPassword,
    storeCode: OUTLET.storeCode,
    partners: OUTLET.partners,
  }
}

/** What demo/medusa/medusa-config.js (its `locations`) and demo/medusa/seed.js (the channel) read. */
function outletEnvironment(secrets, outletStorefrontUrl) {
  return {
    DEMO_OUTLET_STORE_CODE: OUTLET.storeCode,
    DEMO_OUTLET_USERNAME: OUTLET.username,
    DEMO_OUTLET_PASSWORD: secrets.outletSandboxPassword,
    DEMO_OUTLET_SALES_CHANNEL_ID: OUTLET.salesChannelId,
    DEMO_OUTLET_MAX_AMOUNT: String(OUTLET.maxAmount),
    DEMO_OUTLET_STOREFRONT_URL: outletStorefrontUrl,
  }
}

/**
 * What each storefront says about its location (demo/storefront/public/js/store.mjs, its banner) and where
 * the other one is. `web` is the top-level store code's.
 */
function storefrontLocations({ webStoreCode, storefrontUrl, outletStorefrontUrl }) {
  return {
    web: {
      name: "Web store",
      brand: "Oak & Linen",
      storeCode: webStoreCode,
      other: { label: "Go to the outlet", url: outletStorefrontUrl },
    },
    outlet: {
      name: OUTLET.name,
      brand: `Oak & Linen ${OUTLET.name}`,
      storeCode: OUTLET.storeCode,
      maxAmount: OUTLET.maxAmount,
      other: { label: "Go to the web store", url: storefrontUrl },
    },
  }
}

/** The ready message's lines for the two storefronts, in place of its one Storefront line. */
function describeLocations({ webStoreCode, storefrontUrl, outletStorefrontUrl, seed }) {
  const dollars = `$${OUTLET.maxAmount.toLocaleString("en-US")}`
  return [
    `  Storefront  ${storefrontUrl}  (the web store: store code ${webStoreCode})`,
    `              publishable key ${seed.publishableKey}`,
    `  Outlet      ${outletStorefrontUrl}  (the outlet: store code ${OUTLET.storeCode}, orders up to ${dollars})`,
    `              publishable key ${seed.outlet.publishableKey}`,
  ]
}

module.exports = {
  OUTLET,
  describeLocations,
  outletEnvironment,
  outletSandboxCredentials,
  storefrontLocations,
}
