import { z } from "zod"
import { CARRIER_CODE_PATTERN, FinancingPartner, HttpUrl, nonBlank } from "../lib/financing/schemas"

export const DEFAULT_CREDENTIALS = { username: "sandbox", password: "sandbox-password", storeCode: "SANDBOX" }

const Credentials = z
  .object({
    username: nonBlank,
    password: nonBlank,
    storeCode: nonBlank,
    /** The store's active financing partners; two sandbox partners when absent. */
    partners: z.array(FinancingPartner).min(1).optional(),
  })
  .strict()
export type SandboxCredentials = z.infer<typeof Credentials>

const rate = z.number().min(0).max(1)

const faultFields = {
  /** Added before every /v2 answer. */
  latencyMs: z.number().int().min(0).max(60_000),
  /** Share of /v2 requests answered 503 instead of being carried out. */
  errorRate: rate,
  /** Share of status-change callbacks silently never sent. */
  dropCallbackRate: rate,
}

/** Any of the fault settings, to change some and keep the rest. */
export const FaultPatch = z.object(faultFields).partial().strict()
export type FaultSettings = { [K in keyof typeof faultFields]: number }
const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, dropCallbackRate: 0 }

export const SandboxOptions = z
  .object({
    port: z.number().int().min(0).max(65_535).default(0),
    host: z.string().min(1).default("127.0.0.1"),
    // One store or several; made a list first so that an error names its exact place.
    credentials: z.preprocess(
      (value: unknown): unknown[] =>
        value === undefined ? [DEFAULT_CREDENTIALS] : Array.isArray(value) ? (value as unknown[]) : [value],
      z.array(Credentials).min(1)
    ),
    tokenTtlSeconds: z
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .default(3600),
    /** Base of the hosted-page links, when the sandbox is reached through another address. */
    publicUrl: HttpUrl.optional(),
    applicationTtlSeconds: z.number().int().min(1).default(1800),
    invoiceApprovalMs: z.number().int().min(0).default(2000),
    returnSettleMs: z.number().int().min(0).default(5000),
    callbackRetries: z.number().int().min(0).max(20).default(5),
    callbackRetryDelayMs: z.number().int().min(0).default(500),
    callbackTimeoutMs: z.number().int().min(100).default(5000),
    /** The operator's closed carrier list (spec 2.7); the 75 seeded codes of carriers.ts when absent. */
    carriers: z.array(z.string().regex(CARRIER_CODE_PATTERN)).min(1).optional(),
    faults: FaultPatch.default({}).transform((patch): FaultSettings => ({ ...NO_FAULTS, ...patch })),
    /** Keep applications in this JSON file across restarts. */
    stateFile: z.string().min(1).optional(),
    /** Seed of the random source behind fault injection, for repeatable runs. */
    seed: z.number().int().optional(),
    log: z
      .custom<(line: string) => void>((value) => value === undefined || typeof value === "function")
      .optional(),
  })
  .strict()
  .refine(
    (options) =>
      new Set(options.credentials.map((store) => store.storeCode)).size === options.credentials.length,
    { path: ["credentials"], message: "store codes must be unique" }
  )

type CredentialsInput = z.input<typeof Credentials>
/** What startSandbox takes: every option optional, credentials for one store or several. */
export type SandboxOptionsInput = Omit<z.input<typeof SandboxOptions>, "credentials"> & {
  credentials?: CredentialsInput | CredentialsInput[]
}
export type ResolvedSandboxOptions = z.output<typeof SandboxOptions>
