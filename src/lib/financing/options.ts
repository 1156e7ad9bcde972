import { z } from "zod"
import { DEFAULT_RETRY_POLICY } from "./retry-policy"
import { CARRIER_CODE_PATTERN, DEFAULT_MAX_INVOICE_BYTES, HttpUrl, nonBlank } from "./schemas"
import type { FinancingLogger } from "./transport"

export interface IntegerRange {
  readonly min: number
  readonly max: number
  readonly default: number
}

/**
 * The one definition of the ranges of the settings a store configures. The plugin's options
 * (src/config/options.ts) reuse them, so a value the plugin accepts is one the client accepts.
 */
export const CLIENT_OPTION_RANGES = {
  /** Per attempt. Below a second, an ordinary answer from a service on the internet would time out. */
  timeoutMs: { min: 1_000, max: 120_000, default: 15_000 },
  /** Retries after the first attempt; each can take timeoutMs, so a caller waits at most (1 + max) of them. */
  maxRetries: { min: 0, max: 5, default: DEFAULT_RETRY_POLICY.maxRetries },
  /** The spec states no limit; the upper bound keeps an invoice held in memory to a sane size. */
  maxInvoiceBytes: { min: 1_024, max: 50 * 1024 * 1024, default: DEFAULT_MAX_INVOICE_BYTES },
} as const satisfies Record<string, IntegerRange>

const integerIn = (range: IntegerRange) =>
  z.number().int().min(range.min).max(range.max).default(range.default)

export const FinancingClientOptions = z
  .object({
    baseUrl: HttpUrl.transform((value) => value.replace(/\/+$/, "")),
    username: nonBlank,
    password: nonBlank,
    timeoutMs: integerIn(CLIENT_OPTION_RANGES.timeoutMs),
    maxRetries: integerIn(CLIENT_OPTION_RANGES.maxRetries),
    /** The operator's closed list of carrier codes (spec 2.7); without it any CamelCase token passes. */
    carriers: z
      .array(z.string().regex(CARRIER_CODE_PATTERN, { message: "must be a CamelCase carrier code" }))
      .min(1)
      .optional(),
    maxInvoiceBytes: integerIn(CLIENT_OPTION_RANGES.maxInvoiceBytes),
    /** Renew the token this long before its hour is up. */
    tokenRefreshMarginMs: z
      .number()
      .int()
      .min(0)
      .max(30 * 60 * 1000)
      .default(5 * 60 * 1000),
    retryBaseDelayMs: z.number().int().min(0).max(60_000).default(DEFAULT_RETRY_POLICY.baseDelayMs),
    retryMaxDelayMs: z.number().int().min(0).max(300_000).default(DEFAULT_RETRY_POLICY.maxDelayMs),
    maxRetryAfterMs: z.number().int().min(0).max(300_000).default(DEFAULT_RETRY_POLICY.maxRetryAfterMs),
    logger: z.custom<FinancingLogger>((value) => value === undefined || typeof value === "object").optional(),
  })
  .strict()

export type FinancingClientOptions = z.input<typeof FinancingClientOptions>
export type ResolvedFinancingClientOptions = z.output<typeof FinancingClientOptions>
