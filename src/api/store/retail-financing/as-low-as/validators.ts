import { z } from "@medusajs/framework/zod"

import { AMOUNT_RULES, parseDollars } from "../../../../domain/as-low-as/amount"

/**
 * `?amount=1299.99`: dollars as the shopper sees them, read into whole cents; `&product_id=prod_…` on a
 * product page, so a product the lender cannot lease gets no offer.
 */
export const StoreGetAsLowAs = z
  .strictObject({
    amount: z.string().transform((text, ctx) => {
      const parsed = parseDollars(text.trim())
      if (parsed.ok) return parsed.cents
      // Medusa prints a custom issue's message alone, so the message names the field itself.
      ctx.addIssue({ code: "custom", message: AMOUNT_RULES[parsed.problem] })
      return z.NEVER
    }),
    product_id: z.string().trim().min(1, { message: "product_id must not be empty when given" }).optional(),
  })
  .transform(({ amount, product_id }) => ({ amountCents: amount, productId: product_id }))
export type StoreGetAsLowAs = z.output<typeof StoreGetAsLowAs>
