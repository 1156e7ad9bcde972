import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"

/** Endpoints 11 and 12 (spec section 4). */
export const REFERENCE_DATA_ENDPOINTS = {
  financingPartners: endpoint("GET", "/v2/financingpartners", true, true),
  returnReasons: endpoint("GET", "/v2/returnreasons", true, true),
} as const satisfies Record<string, EndpointDefinition>

/** Spec 2.11. */
export const FinancingPartner = z.object({
  code: z.string(),
  name: z.string(),
  displayName: z.string(),
  street: z.string(),
  suiteApartment: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string(),
})
export type FinancingPartner = z.infer<typeof FinancingPartner>
export const FinancingPartnerList = z.array(FinancingPartner)

/** Spec 2.12. */
export const ReturnReason = z.object({
  publicId: z.string().min(1),
  description: z.string(),
})
export type ReturnReason = z.infer<typeof ReturnReason>
export const ReturnReasonList = z.array(ReturnReason)
