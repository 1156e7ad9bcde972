import { createHash } from "node:crypto"
import { FinancingClient, type FinancingLogger } from "../lib/financing"
import type { RetailFinancingOptions } from "./options"

const clients = new Map<string, FinancingClient>()

/**
 * The one client of this process for these credentials. The payment provider and the plugin's module are
 * built separately by Medusa; sharing the client means sharing its token, so a process asks the service
 * for one token an hour, not one per component.
 */
export function sharedFinancingClient(
  options: RetailFinancingOptions,
  logger?: FinancingLogger
): FinancingClient {
  const { baseUrl, username, password, timeoutMs, maxRetries } = options
  // The key is a digest: the map must not become one more place that holds the password in clear.
  const key = createHash("sha256")
    .update(JSON.stringify([baseUrl, username, password, timeoutMs, maxRetries]))
    .digest("hex")
  let client = clients.get(key)
  if (!client) {
    client = new FinancingClient({ baseUrl, username, password, timeoutMs, maxRetries, logger })
    clients.set(key, client)
  }
  return client
}
