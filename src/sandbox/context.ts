import type { IncomingMessage } from "node:http"
import type { FinancingPartner } from "../lib/financing/schemas"
import type { CallbackDispatcher } from "./callbacks"
import type { SandboxEngine } from "./engine"
import type { FaultSettings, ResolvedSandboxOptions, SandboxCredentials } from "./options"
import type { TokenIssuer } from "./tokens"

/** What every handler may use; built once by the server. */
export interface SandboxContext {
  options: ResolvedSandboxOptions
  engine: SandboxEngine
  tokens: TokenIssuer
  callbacks: CallbackDispatcher
  faults: FaultSettings
  random: () => number
  stores: ReadonlyMap<string, SandboxCredentials>
  /** The store's financing partners, configured or seeded. */
  partnersOf: (storeCode: string) => FinancingPartner[]
  /** Base URL for links a browser follows: the public URL, or the address the request came to. */
  publicBase: (request: IncomingMessage) => string
}
