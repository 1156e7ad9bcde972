import type { DemoSecrets } from "./secrets"
import type { DemoSettings } from "./settings"

export function medusaEnvironment(input: {
  settings: DemoSettings
  secrets: DemoSecrets
  backendUrl: string
  storefrontUrl: string
  sandboxUrl: string
}): NodeJS.ProcessEnv
