import { z } from "@medusajs/framework/zod"

export const AdminGetConnectionTest = z
  .object({
    store_code: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(100, "must be at most 100 characters")
      .optional(),
  })
  .strict()
export type AdminGetConnectionTest = z.infer<typeof AdminGetConnectionTest>
