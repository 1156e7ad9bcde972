import { defineConfig } from "@medusajs/framework/utils"

import type { RetailFinancingOptionsInput } from "./src/config/options"

// Only `npm run test:integration` boots this app; stores configure the plugin in their own medusa-config.
// The options point at a local sandbox that nothing contacts while the app boots.
// Checkout specs start a sandbox and pick the server's port before Medusa boots, and pass both in here.
const retailFinancingOptions: RetailFinancingOptionsInput = {
  baseUrl: process.env.RETAIL_FINANCING_BASE_URL ?? "http://127.0.0.1:4010",
  username: "integration-tests",
  password: "integration-tests-password",
  storeCode: "TEST-STORE",
  backendUrl: process.env.RETAIL_FINANCING_BACKEND_URL ?? "http://localhost:9000",
  callbackSecret: "integration-tests-callback-secret-0123456789",
  returnUrl: "http://localhost:8000/checkout/financing/{cart_id}/return",
  cancelUrl: "http://localhost:8000/checkout/financing/{cart_id}/cancel",
  allowedRedirectOrigins: ["http://localhost:8000"],
  minAmount: 100,
  maxAmount: 5000,
  timeoutMs: 2000,
  maxRetries: 0,
  storeName: "Integration Furniture",
  storeAddress: {
    street: "100 Main Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
    phone: "512-555-0100",
  },
  // Codes from the sandbox's seeded carrier list; the manual provider stands in for a carrier's.
  carriers: ["NationalPost", "ExpressCourier"],
  carrierMap: { manual_manual: "NationalPost" },
  returnAgent: { name: "Store Agent", email: "agent@retail-financing.test", phone: "512-555-0101" },
  // The specs wait for a callback's sync longer than a store does (integration-tests/helpers/financing-environment.ts).
  callbackAnswerWithinMs: process.env.RETAIL_FINANCING_CALLBACK_ANSWER_WITHIN_MS,
  // Only the non-leasable spec sets it (integration-tests/http/non-leasable.spec.ts); every other spec runs
  // a store configured as the README says, with no rule of its own.
  ...(process.env.RETAIL_FINANCING_NON_LEASABLE && {
    nonLeasable: JSON.parse(process.env.RETAIL_FINANCING_NON_LEASABLE),
  }),
  // Only the locations spec sets it (integration-tests/http/locations.spec.ts): a second store code.
  ...(process.env.RETAIL_FINANCING_LOCATIONS && {
    locations: JSON.parse(process.env.RETAIL_FINANCING_LOCATIONS),
  }),
}

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      jwtSecret: process.env.JWT_SECRET ?? "integration-tests-jwt-secret",
      cookieSecret: process.env.COOKIE_SECRET ?? "integration-tests-cookie-secret",
      storeCors: "http://localhost:8000",
      adminCors: "http://localhost:9000",
      authCors: "http://localhost:8000,http://localhost:9000",
    },
  },
  admin: { disable: true },
  modules: [
    // A store gets this module from the plugin entry (with the plugin's options); this app is the plugin's
    // own source, so it is registered by hand.
    { resolve: "./src/modules/retail-financing", options: retailFinancingOptions },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/retail-financing",
            // Any id works; a spec may choose another (integration-tests/helpers/provider-registration.ts).
            id: process.env.RETAIL_FINANCING_PROVIDER_REGISTRATION_ID || "retail-financing",
            options: retailFinancingOptions,
          },
        ],
      },
    },
  ],
})
