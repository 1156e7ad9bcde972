import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"
import { ResponseMoney } from "./primitives"

/** Endpoint 2 (spec section 4): the only call besides the token's that needs no token. */
export const CALCULATOR_ENDPOINTS = {
  lowestPaymentOption: endpoint(
    "POST",
    "/v2/calculator/store/{code}/amount/{financedAmount}/lowestPaymentOption",
    false,
    true
  ),
} as const satisfies Record<string, EndpointDefinition>

/** Spec 2.5. */
export const EarlyBuyoutOption = z.object({
  month: z.number().int(),
  earlyBuyoutPayment: ResponseMoney,
  savingsPercentage: ResponseMoney,
})
export type EarlyBuyoutOption = z.infer<typeof EarlyBuyoutOption>

export const LowestPaymentOption = z.object({
  financingPartnerCode: z.string(),
  financingPartnerName: z.string(),
  financingPartnerDisplayName: z.string(),
  profileId: z.number().int(),
  profileName: z.string(),
  minCreditScore: ResponseMoney,
  minMonthlyPayment: ResponseMoney,
  maxCreditScore: ResponseMoney,
  maxMonthlyPayment: ResponseMoney,
  financePeriod: z.number().int(),
  disclaimer: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  earlyBuyoutOptions: z.array(EarlyBuyoutOption),
})
export type LowestPaymentOption = z.infer<typeof LowestPaymentOption>
