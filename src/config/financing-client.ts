import { createHash } from "node:crypto"
import { FinancingClient, type FinancingClientOptions, type FinancingLogger } from "../lib/financing"
import type { StoreCredentials } from "./locations"
import type { RetailFinancingOptions } from "./options"

/** Client settings the plugin does not expose: the client's own defaults apply to them. */
type ClientInternals =
  "tokenRefreshMarginMs" | "retryBaseDelayMs" | "retryMaxDelayMs" | "maxRetryAfterMs" | "logger"

/**
 * Every other client option, each one required here: a client option added later fails to compile until
 * it is either taken from the plugin's options below or named in ClientInternals.
 */
export type ClientOptionsFromConfig = {
  [K in Exclude<keyof FinancingClientOptions, ClientInternals>]-?: FinancingClientOptions[K]
}

/**
 * What the client is given from the plugin's options, signing in with these credentials: a location's own,
 * or the top-level ones.
 */
export function clientOptionsOf(
  options: RetailFinancingOptions,
  credentials: StoreCredentials = options
): ClientOptionsFromConfig {
  return {
    baseUrl: options.baseUrl,
    username: credentials.username,
    password: credentials.password,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    // The client refuses a bigger invoice before sending it, so its limit must be the admin's upload limit.
    maxInvoiceBytes: options.invoiceMaxBytes,
    // An empty list is the option's default, "no list given": the client then accepts any carrier code.
    carriers: options.carriers.length > 0 ? [...options.carriers] : undefined,
  }
}

const clients = new Map<string, FinancingClient>()

/**
 * The one client of this process for these options and credentials. The payment provider and the plugin's
 * module are built separately by Medusa; sharing the client means sharing its token, so a process asks the
 * service for one token an hour per set of credentials, not one per component. Locations that share the
 * top-level credentials share its client and token; one with its own has its own, and a 401 refreshes only
 * that one.
 */
export function sharedFinancingClient(
  options: RetailFinancingOptions,
  logger?: FinancingLogger,
  credentials: StoreCredentials = options
): FinancingClient {
  const clientOptions = clientOptionsOf(options, credentials)
  // Keyed by everything the client is given, so options that differ in any way never share a client; the
  // key is a digest, so the map is not one more place that holds the password in clear.
  const key = createHash("sha256").update(JSON.stringify(clientOptions)).digest("hex")
  let client = clients.get(key)
  if (!client) {
    client = new FinancingClient({ ...clientOptions, logger })
    clients.set(key, client)
  }
  return client
}
