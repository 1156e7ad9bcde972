import { defineConfig } from "@medusajs/framework/utils"

import type { RetailFinancingOptionsInput } from "./src/providers/retail-financing/options"

// Only `npm run test:integration` boots this app; stores configure the plugin in their own medusa-config.
// The options point at a local sandbox that nothing contacts while the app boots.
const retailFinancingOptions: RetailFinancingOptionsInput = {
  baseUrl: "http://127.0.0.1:4010",
  username: "integration-tests",
  password: "integration-tests-password",
  storeCode: "TEST-STORE",
  backendUrl: "http://localhost:9000",
  callbackSecret: "integration-tests-callback-secret-0123456789",
  returnUrl: "http://localhost:8000/checkout/financing/{cart_id}/return",
  cancelUrl: "http://localhost:8000/checkout/financing/{cart_id}/cancel",
  allowedRedirectOrigins: ["http://localhost:8000"],
  minAmount: 100,
  maxAmount: 5000,
  timeoutMs: 2000,
  maxRetries: 0,
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
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/retail-financing",
            id: "retail-financing",
            options: retailFinancingOptions,
          },
        ],
      },
    },
  ],
})
