import { z } from "@medusajs/framework/zod"

export const AdminPostFinancingReturn = z
  .object({
    return_type: z.enum(["return", "partial", "redraft"]),
    amount: z.number().positive().optional(),
    return_reason_id: z.string().min(1).optional(),
    reason: z.string().max(500).optional(),
  })
  .strict()
  .refine((body) => body.return_type !== "partial" || body.amount !== undefined, {
    path: ["amount"],
    message: "is required for a partial return",
  })
export type AdminPostFinancingReturn = z.infer<typeof AdminPostFinancingReturn>
