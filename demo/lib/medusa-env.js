"use strict"

const { outletEnvironment } = require("./outlet")
const { SANDBOX_STORE } = require("./sandbox")

/**
 * The environment of Medusa's processes: what demo/medusa/medusa-config.js and demo/medusa/seed.js read.
 * Secrets travel only here, never through the demo's output or files outside its state folder. The outlet's
 * variables (DEMO_OUTLET_*) are set only with DEMO_LOCATIONS=2, with the outlet's storefront URL.
 */
function medusaEnvironment({
  settings,
  secrets,
  backendUrl,
  storefrontUrl,
  sandboxUrl,
  outletStorefrontUrl,
}) {
  return {
    ...process.env,
    // The demo must work, and stay quiet, without a network.
    MEDUSA_DISABLE_TELEMETRY: "true",
    // Neither "development" (Medusa would start Vite's dev server for the admin) nor "production" (its
    // session cookie would be Secure, which a browser never sends back over http).
    NODE_ENV: "demo",
    DATABASE_URL: settings.databaseUrl,
    JWT_SECRET: secrets.jwtSecret,
    COOKIE_SECRET: secrets.cookieSecret,
    DEMO_BACKEND_URL: backendUrl,
    DEMO_STOREFRONT_URL: storefrontUrl,
    DEMO_SANDBOX_URL: sandboxUrl,
    DEMO_SANDBOX_USERNAME: SANDBOX_STORE.username,
    DEMO_SANDBOX_PASSWORD: secrets.sandboxPassword,
    DEMO_STORE_CODE: SANDBOX_STORE.storeCode,
    DEMO_CALLBACK_SECRET: secrets.callbackSecret,
    DEMO_ADMIN_EMAIL: settings.admin.email,
    DEMO_ADMIN_PASSWORD: settings.admin.password,
    DEMO_SEED_OUTPUT: settings.seedFile,
    // Validated origins (settings.js); medusa-config.js adds them to CORS and the redirect origins.
    DEMO_STOREFRONT_ORIGINS: settings.storefrontOrigins.join(","),
    ...(settings.locations === 2 && outletEnvironment(secrets, outletStorefrontUrl)),
  }
}

module.exports = { medusaEnvironment }
