import { z } from "zod"
import {
  CARRIER_CODE_PATTERN,
  Email,
  Phone,
  PositiveMoney,
  UsState,
  ZipCode,
  maxChars,
  nonBlank,
  requiredText,
} from "./primitives"

/** Spec 2.6 returnType codes. */
export const RETURN_TYPES = { Redraft: 1, Return: 2, Partial: 4 } as const
export type ReturnType = (typeof RETURN_TYPES)[keyof typeof RETURN_TYPES]

/** Spec 2.6 Return request. */
export const ReturnRequest = z
  .object({
    agentName: maxChars(100).optional(),
    phone: Phone.optional(),
    email: Email.optional(),
    reason: maxChars(500).optional(),
    returnType: z
      .union([z.literal(1), z.literal(2), z.literal(4)], {
        message: "must be 1 (Redraft), 2 (Return) or 4 (Partial)",
      })
      .optional(),
    returnReasonPublicId: nonBlank.optional(),
    amount: PositiveMoney.optional(),
  })
  .strict()
  .refine((request) => request.returnType !== RETURN_TYPES.Partial || request.amount !== undefined, {
    path: ["amount"],
    message: "is required when returnType is 4 (Partial)",
  })
  // An amount on a whole return would read as a partial one to a person and be ignored by the service.
  .refine((request) => request.amount === undefined || request.returnType === RETURN_TYPES.Partial, {
    path: ["amount"],
    message: "is only allowed when returnType is 4 (Partial)",
  })
export type ReturnRequest = z.infer<typeof ReturnRequest>

export const DELIVERY_METHODS = ["Direct", "Shipped"] as const

/** Spec 2.7 Delivery information. The carrier's closed list is checked by the client when it has one. */
export const DeliveryInformation = z
  .object({
    method: z.enum(DELIVERY_METHODS, { message: "must be Direct or Shipped" }).optional(),
    carrier: z
      .string()
      .regex(CARRIER_CODE_PATTERN, { message: "must be a carrier code: one CamelCase token, no spaces" })
      .optional(),
    trackingNumber: nonBlank.optional(),
    address: requiredText(50),
    address2: maxChars(50).optional(),
    city: requiredText(50),
    state: UsState,
    zip: ZipCode,
  })
  .strict()
export type DeliveryInformation = z.infer<typeof DeliveryInformation>

/** Spec 2.8 Order references. */
export const OrderReferences = z
  .object({
    orders: z.array(nonBlank).min(1, { message: "must name at least one order" }),
  })
  .strict()
export type OrderReferences = z.infer<typeof OrderReferences>

/** Spec 2.9 and 2.10: both answer an object with a status text. */
export const StatusText = z.object({ status: z.string() })
export type StatusText = z.infer<typeof StatusText>

/** Spec 2.10's three status texts, spelled exactly as the service sends them. */
export const DELIVERY_STATUS_TEXTS = {
  created: "Delivery information created",
  applicationNotFound: "Application not found",
  noContract: "The application doesn't have a contract",
} as const

export type DeliveryOutcome = "created" | "application_not_found" | "no_contract" | "unrecognised"

export function deliveryOutcome(statusText: string): DeliveryOutcome {
  const text = statusText.trim().toLowerCase()
  if (text === DELIVERY_STATUS_TEXTS.created.toLowerCase()) return "created"
  if (text === DELIVERY_STATUS_TEXTS.applicationNotFound.toLowerCase()) return "application_not_found"
  // Apostrophes arrive both straight and curly from services that pass text through word processors.
  if (text.replace("\u2019", "'") === DELIVERY_STATUS_TEXTS.noContract.toLowerCase()) return "no_contract"
  return "unrecognised"
}
