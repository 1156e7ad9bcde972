import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"
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

/** Endpoints 7 to 10 (spec section 4). None but the order references may be re-sent after an ambiguous failure. */
export const POST_SALE_ENDPOINTS = {
  // A second return request is refused while one is pending, so a blind re-send could report a false failure.
  requestReturn: endpoint("POST", "/v2/applications/{publicId}/requestreturn", true, false),
  // The spec does not say whether a second upload replaces the first or adds another document.
  uploadInvoice: endpoint("POST", "/v2/applications/{publicId}/uploadinvoice", true, false),
  // Nor whether a second delivery record replaces or duplicates the first.
  deliveryInformation: endpoint("POST", "/v2/applications/{publicId}/deliveryinformation", true, false),
  // Attaching the same order references again changes nothing: they are a set.
  orderReferences: endpoint("POST", "/v2/applications/{publicId}/orders", true, true),
} as const satisfies Record<string, EndpointDefinition>

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
