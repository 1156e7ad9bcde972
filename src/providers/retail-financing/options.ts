import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

import { US_STATES, hasAtMostTwoDecimals, isHttpUrl } from "../../lib/financing/schemas/primitives"

// Values of these options must never reach a log line, an error message or session data.
export const SECRET_OPTIONS = ["password", "callbackSecret"] as const

export const CART_ID_PLACEHOLDER = "{cart_id}"

// Reads only whether the input is missing, so a wrong value is never echoed back.
const stringError = (issue: { input?: unknown }) =>
  issue.input === undefined ? "is required" : "must be a string"

const text = z.string({ error: stringError }).trim().min(1, { error: "must not be empty" })

const httpUrl = z
  .string({ error: stringError })
  .trim()
  .refine(isHttpUrl, { error: "must be an absolute http(s) URL" })

// Compared later with URL.origin, so anything beyond scheme://host[:port] would never match.
const origin = z
  .string({ error: stringError })
  .trim()
  .refine((value) => isHttpUrl(value) && new URL(value).origin === value.replace(/\/$/, ""), {
    error: "must be an origin like https://shop.example.com (no path, query or trailing data)",
  })
  .transform((value) => new URL(value).origin)

const redirectTemplate = z
  .string({ error: stringError })
  .trim()
  .refine((value) => value.includes(CART_ID_PLACEHOLDER), { error: `must contain ${CART_ID_PLACEHOLDER}` })
  .refine((value) => isHttpUrl(value.replaceAll(CART_ID_PLACEHOLDER, "cart_0")), {
    error: "must be an absolute http(s) URL once {cart_id} is filled in",
  })

// Env vars arrive as strings, so both "1500.00" and 1500 are accepted.
const dollars = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ],
    {
      error: "must be a number of dollars",
    }
  )
  .refine((value) => Number.isFinite(value) && value > 0, { error: "must be greater than 0" })
  .refine(hasAtMostTwoDecimals, {
    error: "must have at most 2 decimals",
  })

const integer = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: "must be an integer" })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, {
      error: `must be an integer from ${min} to ${max}`,
    })

export const OPTION_DEFAULTS = {
  allowedRedirectOrigins: [] as readonly string[],
  timeoutMs: 15_000,
  maxRetries: 2,
} as const

export const RetailFinancingOptionsSchema = z
  .strictObject(
    {
      baseUrl: httpUrl,
      username: text,
      password: z.string({ error: stringError }).min(1, { error: "must not be empty" }),
      storeCode: text,
      // Checkout depends on both: the service posts status changes to backendUrl, proved with callbackSecret.
      backendUrl: httpUrl,
      callbackSecret: z.string({ error: stringError }).min(32, { error: "must be at least 32 characters" }),
      returnUrl: redirectTemplate.optional(),
      cancelUrl: redirectTemplate.optional(),
      allowedRedirectOrigins: z
        .array(origin, { error: "must be an array of origins" })
        .default(() => [...OPTION_DEFAULTS.allowedRedirectOrigins]),
      minAmount: dollars.optional(),
      maxAmount: dollars.optional(),
      allowedStates: z
        .array(z.enum(US_STATES, { error: "must be a 2-letter US state code such as CA" }), {
          error: "must be an array of 2-letter US state codes",
        })
        .min(1, { error: "must list at least one state when set" })
        .optional(),
      timeoutMs: integer(1_000, 120_000).default(OPTION_DEFAULTS.timeoutMs),
      maxRetries: integer(0, 5).default(OPTION_DEFAULTS.maxRetries),
    },
    { error: "must be an object" }
  )
  // Zod 4 runs these checks even when a field above already failed, so each value is re-checked first.
  .superRefine((options, ctx) => {
    const { minAmount, maxAmount } = options
    if (typeof minAmount === "number" && typeof maxAmount === "number" && minAmount > maxAmount) {
      ctx.addIssue({ code: "custom", path: ["minAmount"], message: "must not be greater than maxAmount" })
    }
    // A redirect to an origin the plugin itself would refuse is a configuration error, not a runtime one.
    for (const key of ["returnUrl", "cancelUrl"] as const) {
      const template = options[key]
      if (typeof template !== "string") continue
      const url = template.replaceAll(CART_ID_PLACEHOLDER, "cart_0")
      if (!isHttpUrl(url)) continue
      if (!options.allowedRedirectOrigins.includes(new URL(url).origin)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "must use an origin listed in allowedRedirectOrigins",
        })
      }
    }
  })

export type RetailFinancingOptions = z.output<typeof RetailFinancingOptionsSchema>
export type RetailFinancingOptionsInput = z.input<typeof RetailFinancingOptionsSchema>

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => `"${key}" is not a known option`).join("; ")
  }
  const [name, ...rest] = issue.path.map(String)
  if (name === undefined) return `options ${issue.message}`
  const where = rest.length ? `${name}[${rest.join("][")}]` : name
  return `"${where}" ${issue.message}`
}

/**
 * Parses the provider options, or throws an INVALID_DATA error naming each bad option. Messages come from
 * the schema above, never from the input, so a secret that fails validation is not echoed.
 */
export function parseOptions(raw: unknown): RetailFinancingOptions {
  const result = RetailFinancingOptionsSchema.safeParse(withoutMedusaKeys(raw))
  if (result.success) return result.data
  const details = result.error.issues.map(describeIssue).join("; ")
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid options for the retail-financing payment provider: ${details}`
  )
}

/**
 * Medusa writes `database` into a module's options object in place. A store passes one options object to
 * the plugin (whose module receives it) and to the provider, so the provider sees that key too: it is not
 * the merchant's typo.
 */
const MEDUSA_INJECTED_KEYS = ["database"]

function withoutMedusaKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !MEDUSA_INJECTED_KEYS.includes(key)))
}
