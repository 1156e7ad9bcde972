import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"
import { ResponseMoney } from "./primitives"
import { ApplicationStatusValue, PaymentStatusValue } from "./statuses"

/** Endpoints 4, 5 and 6 (spec section 4). */
export const APPLICATION_STATUS_ENDPOINTS = {
  applicationStatus: endpoint("GET", "/v2/applications/{publicId}/status", true, true),
  applicationStatusByPhone: endpoint("GET", "/v2/applications/phone/{phone}/status", true, true),
  listApplications: endpoint("GET", "/v2/applications/from/{storeCode}/at/{date}", true, true),
} as const satisfies Record<string, EndpointDefinition>

/*
 * Response schemas are tolerant where the spec is loose: a field it marks nullable may also be missing,
 * and both arrive as null. Unknown extra fields are dropped. Status values and amounts stay strict.
 */
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null)
const nullableMoney = ResponseMoney.nullish().transform((value) => value ?? null)

/** Funding of a contract, one shape for the by-id and the list responses. */
export interface PaymentInfo {
  /** The by-id response spells it transferId in its table and transferID in its sample; the list, transferID. */
  transferId: string | null
  wireReferenceId: string | null
  /** 'YYYY-MM-DD' on the by-id response, a date-time on the list response; kept as sent. */
  date: string
  amount: number
  status: PaymentStatusValue
}

export const PaymentInfo: z.ZodType<PaymentInfo, unknown> = z
  .object({
    transferId: z.string().nullish(),
    transferID: z.string().nullish(),
    wireReferenceId: z.string().nullish(),
    date: z.string().min(1),
    amount: ResponseMoney,
    status: PaymentStatusValue,
  })
  .transform((raw): PaymentInfo => ({
    transferId: raw.transferId ?? raw.transferID ?? null,
    wireReferenceId: raw.wireReferenceId ?? null,
    date: raw.date,
    amount: raw.amount,
    status: raw.status,
  }))

const statusFields = {
  publicId: z.string().min(1),
  applicationId: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  status: ApplicationStatusValue,
  phone: z.string(),
  approvalAmount: nullableMoney,
  borrowedAmount: nullableMoney,
  invoiceAmount: nullableMoney,
  totalInStorePayment: nullableMoney,
  financingPartnerCode: nullableText,
  financingPartnerName: nullableText,
  financingPartnerDisplayName: nullableText,
}

/** Spec 2.4, by-id (endpoint 4) and list (endpoint 6): paymentInfo is null until a payment exists. */
export const ApplicationStatus = z.object({
  ...statusFields,
  paymentInfo: PaymentInfo.nullish().transform((value) => value ?? null),
})
export type ApplicationStatus = z.infer<typeof ApplicationStatus>

/** Spec 2.4, by-phone (endpoint 5): the same object without paymentInfo. */
export const ApplicationStatusByPhone = z.object(statusFields)
export type ApplicationStatusByPhone = z.infer<typeof ApplicationStatusByPhone>

export const ApplicationStatusList = z.array(ApplicationStatus)
