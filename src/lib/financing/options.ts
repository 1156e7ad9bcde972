import { z } from "zod"
import { CARRIER_CODE_PATTERN, DEFAULT_MAX_INVOICE_BYTES, HttpUrl, nonBlank } from "./schemas"
import type { FinancingLogger } from "./transport"

export const FinancingClientOptions = z
  .object({
    baseUrl: HttpUrl.transform((value) => value.replace(/\/+$/, "")),
    username: nonBlank,
    password: nonBlank,
    timeoutMs: z.number().int().min(100).max(120_000).default(15_000),
    maxRetries: z.number().int().min(0).max(10).default(2),
    /** The operator's closed list of carrier codes (spec 2.7); without it any CamelCase token passes. */
    carriers: z
      .array(z.string().regex(CARRIER_CODE_PATTERN, { message: "must be a CamelCase carrier code" }))
      .min(1)
      .optional(),
    maxInvoiceBytes: z.number().int().positive().default(DEFAULT_MAX_INVOICE_BYTES),
    /** Renew the token this long before its hour is up. */
    tokenRefreshMarginMs: z
      .number()
      .int()
      .min(0)
      .max(30 * 60 * 1000)
      .default(5 * 60 * 1000),
    retryBaseDelayMs: z.number().int().min(0).max(60_000).default(250),
    retryMaxDelayMs: z.number().int().min(0).max(300_000).default(5_000),
    maxRetryAfterMs: z.number().int().min(0).max(300_000).default(30_000),
    logger: z.custom<FinancingLogger>((value) => value === undefined || typeof value === "object").optional(),
  })
  .strict()

export type FinancingClientOptions = z.input<typeof FinancingClientOptions>
export type ResolvedFinancingClientOptions = z.output<typeof FinancingClientOptions>
