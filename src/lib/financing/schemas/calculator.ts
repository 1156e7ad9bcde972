import { z } from "zod"
import { ResponseMoney } from "./primitives"

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
