/*
 * The Next.js starter's src/lib/config.ts, trimmed to what the financing examples use: one js-sdk client
 * for the store API. In the starter, import `sdk` from "@lib/config" instead of this file.
 */
import Medusa from "@medusajs/js-sdk"

export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  debug: process.env.NODE_ENV === "development",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})
