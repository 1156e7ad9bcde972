import { createHash } from "node:crypto"
import { FinancingClient, type FinancingClientOptions, type FinancingLogger } from "../lib/financing"
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

/** What the client is given from the plugin's options. */
export function clientOptionsOf(options: RetailFinancingOptions): ClientOptionsFromConfig {
  return {
    baseUrl: options.baseUrl,
    username: options.username,
    password: options.password,
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
 * The one client of this process for these options. The payment provider and the plugin's module are
 * built separately by Medusa; sharing the client means sharing its token, so a process asks the service
 * for one token an hour, not one per component.
 */
export function sharedFinancingClient(
  options: RetailFinancingOptions,
  logger?: FinancingLogger
): FinancingClient {
  const clientOptions = clientOptionsOf(options)
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
