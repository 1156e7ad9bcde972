/** What readSettings (settings.js) returns: the demo's, or a fault test's, app and database. */
export interface DemoSettings {
  root: string
  host: string
  database: string
  maintenanceUrl: string
  databaseUrl: string
  reset: boolean
  verbose: boolean
  /** DEMO_LOCATIONS: 2 adds the outlet, a second sales channel with a store code of its own. */
  locations: 1 | 2
  ports: { storefront: number; medusa: number; sandbox: number; outletStorefront: number }
  /** DEMO_STOREFRONT_ORIGINS: other storefronts using the demo as their backend (CORS, redirect origins). */
  storefrontOrigins: string[]
  admin: { email: string; password: string }
  stateDir: string
  appDir: string
  logFile: string
  seedFile: string
  migrationsFile: string
  databaseOwnedFile: string
  secretsFile: string
  sandboxStateFile: string
  adminReadyFile: string
}

export function readSettings(env?: NodeJS.ProcessEnv): DemoSettings
