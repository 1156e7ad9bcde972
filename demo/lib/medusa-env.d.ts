import type { DemoSecrets } from "./secrets"
import type { DemoSettings } from "./settings"

export function medusaEnvironment(input: {
  settings: DemoSettings
  secrets: DemoSecrets
  backendUrl: string
  storefrontUrl: string
  sandboxUrl: string
  /** With settings.locations 2: where the outlet's storefront listens. */
  outletStorefrontUrl?: string
}): NodeJS.ProcessEnv
