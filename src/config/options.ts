import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

import {
  CARRIER_CODE_PATTERN,
  PHONE_PATTERN,
  US_STATES,
  hasAtMostTwoDecimals,
  isHttpUrl,
} from "../lib/financing/schemas/primitives"
import { CLIENT_OPTION_RANGES, type IntegerRange } from "../lib/financing/options"

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

const integer = ({ min, max }: Pick<IntegerRange, "min" | "max">) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: "must be an integer" })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, {
      error: `must be an integer from ${min} to ${max}`,
    })

/** An option the financing client also takes: its range and default are the client's own. */
const clientInteger = (range: IntegerRange) => integer(range).default(range.default)

export const OPTION_DEFAULTS = {
  allowedRedirectOrigins: [] as readonly string[],
  invoiceOn: "fulfillment",
  directDeliveryTypes: ["pickup", "local-delivery"] as readonly string[],
  asLowAsCacheSeconds: 300,
  reconcileSchedule: "*/5 * * * *",
  sendActionsSchedule: "* * * * *",
  callbackAnswerWithinMs: 3_000,
} as const

/**
 * A job's schedule as Medusa's scheduler reads it: a cron expression of 5 fields, or 6 with seconds first
 * (a test may run a job every few seconds). The scheduler parses it when the job is registered; this only
 * refuses what is plainly not one, by name, before the store boots.
 */
const cronExpression = z
  .string({ error: stringError })
  .trim()
  .refine((value) => /^[\d*?/,\-LW#A-Za-z]+(\s+[\d*?/,\-LW#A-Za-z]+){4,5}$/.test(value), {
    error: 'must be a cron expression of 5 fields (or 6, seconds first), such as "*/5 * * * *"',
  })

const usPhone = z
  .string({ error: stringError })
  .trim()
  .regex(PHONE_PATTERN, { error: "must be a US phone number like 555-123-4567" })

const carrierCode = z
  .string({ error: stringError })
  .regex(CARRIER_CODE_PATTERN, { error: "must be a carrier code: one CamelCase token, no spaces" })

/** Printed on generated invoices, and the delivery address of orders handed over in the store. */
const storeAddress = z.strictObject(
  {
    street: text.max(50, { error: "must be at most 50 characters" }),
    street2: z.string().trim().max(50, { error: "must be at most 50 characters" }).optional(),
    city: text.max(50, { error: "must be at most 50 characters" }),
    state: z.enum(US_STATES, { error: "must be a 2-letter US state code such as CA" }),
    zip: z.string({ error: stringError }).regex(/^\d{5}$/, { error: "must be a 5-digit ZIP code" }),
    phone: usPhone.optional(),
  },
  { error: "must be an object with street, city, state and zip" }
)

/** Who the service may contact about a return request (spec 2.6). */
const returnAgent = z.strictObject(
  {
    name: text.max(100, { error: "must be at most 100 characters" }).optional(),
    email: z.email({ error: "must be an email address" }).max(100).optional(),
    phone: usPhone.optional(),
  },
  { error: "must be an object with name, email and phone" }
)

/** Names as the admin shows them: product type values, tag values, collection and category handles. */
const nonLeasableNames = z
  .array(text, { error: "must be an array of names" })
  .min(1, { error: "must list at least one name when set" })
  .optional()

/** What the lender cannot lease, beyond gift cards and products flagged in their metadata. */
const nonLeasable = z.strictObject(
  {
    productTypes: nonLeasableNames,
    productTags: nonLeasableNames,
    collections: nonLeasableNames,
    categories: nonLeasableNames,
  },
  { error: "must be an object with productTypes, productTags, collections and categories (each optional)" }
)

/**
 * One location of a retailer with several: its own store code at the service, the sales channels that sell
 * through it, and, when the operator issued them, its own credentials and limits (else the top-level ones).
 */
const location = z.strictObject(
  {
    storeCode: text,
    username: text.optional(),
    password: z.string({ error: stringError }).min(1, { error: "must not be empty" }).optional(),
    salesChannelIds: z
      .array(text, { error: "must be an array of sales channel ids" })
      .min(1, { error: "must list at least one sales channel id" }),
    minAmount: dollars.optional(),
    maxAmount: dollars.optional(),
  },
  {
    error:
      "must be an object with storeCode and salesChannelIds (username, password, minAmount, maxAmount optional)",
  }
)

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
      nonLeasable: nonLeasable.optional(),
      locations: z.array(location, { error: "must be an array of locations" }).optional(),
      allowedStates: z
        .array(z.enum(US_STATES, { error: "must be a 2-letter US state code such as CA" }), {
          error: "must be an array of 2-letter US state codes",
        })
        .min(1, { error: "must list at least one state when set" })
        .optional(),
      timeoutMs: clientInteger(CLIENT_OPTION_RANGES.timeoutMs),
      maxRetries: clientInteger(CLIENT_OPTION_RANGES.maxRetries),
      storeName: text.max(100, { error: "must be at most 100 characters" }).optional(),
      storeAddress: storeAddress.optional(),
      invoiceOn: z
        .enum(["fulfillment", "order_placed"], { error: 'must be "fulfillment" or "order_placed"' })
        .default(OPTION_DEFAULTS.invoiceOn),
      // The client's maxInvoiceBytes: the admin's upload limit and the client's check are one number.
      invoiceMaxBytes: clientInteger(CLIENT_OPTION_RANGES.maxInvoiceBytes),
      carriers: z.array(carrierCode, { error: "must be an array of carrier codes" }).default(() => []),
      carrierMap: z
        .record(z.string().trim().min(1), carrierCode, { error: "must map names to carrier codes" })
        .default(() => ({})),
      directDeliveryTypes: z
        .array(text, { error: "must be an array of names" })
        .default(() => [...OPTION_DEFAULTS.directDeliveryTypes]),
      returnAgent: returnAgent.optional(),
      returnReasonMap: z
        .record(z.string().trim().min(1), text, { error: "must map return reasons to reason public ids" })
        .default(() => ({})),
      // 0 turns the "as low as" cache off; a day is the most an offer may be shown after the lender changes it.
      asLowAsCacheSeconds: integer({ min: 0, max: 86_400 }).default(OPTION_DEFAULTS.asLowAsCacheSeconds),
      // Read once, when Medusa loads the jobs (src/config/job-schedules.ts).
      reconcileSchedule: cronExpression.default(OPTION_DEFAULTS.reconcileSchedule),
      sendActionsSchedule: cronExpression.default(OPTION_DEFAULTS.sendActionsSchedule),
      // How long a status callback waits for its sync. The spec shows no timeout for the service's
      // callbacks; webhook senders commonly give up after 5 to 10 s and send again, and each delivery the
      // service repeats costs a status read. A sync that completes a cart under load takes longer than that
      // (10 to 20 s measured with 50 checkouts at once), so past this the callback is answered 202 and the
      // sync carries on.
      callbackAnswerWithinMs: integer({ min: 100, max: 120_000 }).default(
        OPTION_DEFAULTS.callbackAnswerWithinMs
      ),
      // Shown to the shopper as written, after the amount still owed: a sentence, so a length a page can hold.
      inStorePaymentInstructions: text.max(300, { error: "must be at most 300 characters" }).optional(),
    },
    { error: "must be an object" }
  )
  // Zod 4 runs these checks even when a field above already failed, so each value is re-checked first.
  .superRefine((options, ctx) => {
    const { minAmount, maxAmount } = options
    if (typeof minAmount === "number" && typeof maxAmount === "number" && minAmount > maxAmount) {
      ctx.addIssue({ code: "custom", path: ["minAmount"], message: "must not be greater than maxAmount" })
    }
    checkLocations(options, ctx)
    // A mapped carrier outside the operator's list would be refused by the service on every shipment. With no
    // list yet there is nothing to judge against, and the map is inert (an unlisted carrier is never sent), so
    // a store may write its map before the operator sends the list.
    const carriers = new Set(options.carriers)
    const mapped = carriers.size === 0 ? [] : Object.entries(options.carrierMap ?? {})
    for (const [name, code] of mapped) {
      if (!carriers.has(code)) {
        ctx.addIssue({
          code: "custom",
          path: ["carrierMap", name],
          message: `maps to ${code}, which is not in carriers (the operator's carrier list)`,
        })
      }
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

type ParsedOptions = z.output<typeof RetailFinancingOptionsSchema>

/**
 * Each sales channel sells through one store code, each store code is one location, and a location's
 * limits hold together with the top-level ones they fall back to.
 */
function checkLocations(options: Partial<ParsedOptions>, ctx: z.core.$RefinementCtx): void {
  if (!Array.isArray(options.locations)) return
  const channelOwner = new Map<string, number>()
  const codeOwner = new Map<string, string>()
  if (typeof options.storeCode === "string") codeOwner.set(options.storeCode, "storeCode")
  options.locations.forEach((place, index) => {
    if (!place || typeof place !== "object") return
    const where = `locations[${index}]`
    if (typeof place.storeCode === "string") {
      const owner = codeOwner.get(place.storeCode)
      if (owner) {
        ctx.addIssue({
          code: "custom",
          path: ["locations", index, "storeCode"],
          message: `is ${place.storeCode}, already the store code of ${owner}: list all of its sales channels in one place`,
        })
      } else codeOwner.set(place.storeCode, where)
    }
    if ((place.username === undefined) !== (place.password === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["locations", index, place.username === undefined ? "username" : "password"],
        message:
          "is required with the location's other credential (give both, or neither to use the top-level ones)",
      })
    }
    for (const channel of Array.isArray(place.salesChannelIds) ? place.salesChannelIds : []) {
      const first = channelOwner.get(channel)
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["locations", index, "salesChannelIds"],
          message: `lists sales channel ${channel}, which locations[${first}] lists too: a sales channel sells through one store code`,
        })
      } else channelOwner.set(channel, index)
    }
    const min = place.minAmount ?? options.minAmount
    const max = place.maxAmount ?? options.maxAmount
    if (typeof min === "number" && typeof max === "number" && min > max) {
      ctx.addIssue({
        code: "custom",
        path: ["locations", index, place.minAmount !== undefined ? "minAmount" : "maxAmount"],
        message: `leaves the location's minAmount (${min}) greater than its maxAmount (${max})`,
      })
    }
  })
}

export type RetailFinancingOptions = z.output<typeof RetailFinancingOptionsSchema>
export type RetailFinancingOptionsInput = z.input<typeof RetailFinancingOptionsSchema>

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    // Inside an object option (nonLeasable: { productType }) the key is named with its option.
    const within = issue.path.length ? `${optionPath(issue.path)}.` : ""
    return issue.keys.map((key) => `"${within}${key}" is not a known option`).join("; ")
  }
  if (issue.path.length === 0) return `options ${issue.message}`
  return `"${optionPath(issue.path)}" ${issue.message}`
}

/** carrierMap[UPS], allowedStates[0], locations[1].storeCode: a field of a list's entry is named with a dot. */
function optionPath(path: readonly PropertyKey[]): string {
  const [name, ...rest] = path.map(String)
  let where = name
  rest.forEach((part, index) => {
    where += typeof path[index] === "number" && Number.isNaN(Number(part)) ? `.${part}` : `[${part}]`
  })
  return where
}

/**
 * The options parsed from each raw object. Medusa hands the provider's options object to
 * `validateOptions` and then to the constructor, and a store usually passes that same object to the plugin
 * (whose module receives it): it is parsed once, and every part reads the same result.
 */
const parsedOptions = new WeakMap<object, RetailFinancingOptions>()

/**
 * The plugin's options, parsed once per raw object, or an INVALID_DATA error naming each bad option.
 * Messages come from the schema above, never from the input, so a secret that fails validation is not
 * echoed. The result is frozen: the provider, the module and the client share it, so a change by one
 * would silently reach the others.
 */
export function parseOptions(raw: unknown): RetailFinancingOptions {
  const key = isRecord(raw) ? raw : undefined
  const known = key && parsedOptions.get(key)
  if (known) return known
  const result = RetailFinancingOptionsSchema.safeParse(withoutMedusaKeys(raw))
  if (!result.success) {
    const details = result.error.issues.map(describeIssue).join("; ")
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid options for the retail-financing payment provider: ${details}`
    )
  }
  const options = deepFreeze(result.data)
  if (key) parsedOptions.set(key, options)
  return options
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

function isRecord(raw: unknown): raw is Record<string, unknown> {
  return Boolean(raw) && typeof raw === "object" && !Array.isArray(raw)
}

/**
 * Medusa writes `database` into a module's options object in place. A store passes one options object to
 * the plugin (whose module receives it) and to the provider, so the provider sees that key too: it is not
 * the merchant's typo.
 */
const MEDUSA_INJECTED_KEYS = ["database"]

function withoutMedusaKeys(raw: unknown): unknown {
  if (!isRecord(raw)) return raw
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !MEDUSA_INJECTED_KEYS.includes(key)))
}
