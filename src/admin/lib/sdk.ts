import Medusa from "@medusajs/js-sdk"

// Defined by the host admin's Vite config when it bundles this plugin's extensions.
declare const __BACKEND_URL__: string | undefined
declare const __AUTH_TYPE__: "session" | "jwt" | undefined
declare const __JWT_TOKEN_STORAGE_KEY__: string | undefined

/**
 * The admin's client for the plugin's routes: Medusa's own SDK, set up as the dashboard sets up its own, so
 * the merchant's session (cookie or JWT) goes with every request and errors arrive as `FetchError`s carrying
 * the message the route wrote.
 */
export const sdk = new Medusa({
  baseUrl: typeof __BACKEND_URL__ === "string" && __BACKEND_URL__ ? __BACKEND_URL__ : "/",
  auth: {
    type: typeof __AUTH_TYPE__ === "string" ? __AUTH_TYPE__ : "session",
    jwtTokenStorageKey:
      typeof __JWT_TOKEN_STORAGE_KEY__ === "string" && __JWT_TOKEN_STORAGE_KEY__
        ? __JWT_TOKEN_STORAGE_KEY__
        : undefined,
  },
})
