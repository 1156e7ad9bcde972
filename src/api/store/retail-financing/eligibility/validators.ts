import { z } from "@medusajs/framework/zod"

/** `?cart_id=cart_01…`: the cart to check. */
export const StoreGetFinancingEligibility = z.strictObject({
  // A custom rule, not min(1): Medusa prints a custom issue's message alone, which names the field itself.
  cart_id: z
    .string()
    .trim()
    .refine((id) => id.length > 0, { message: "cart_id must be the id of a cart, such as cart_01J…" }),
})
export type StoreGetFinancingEligibility = z.output<typeof StoreGetFinancingEligibility>
