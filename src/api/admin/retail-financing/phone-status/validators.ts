import { z } from "@medusajs/framework/zod"

export const AdminGetPhoneStatus = z
  .object({
    phone: z.string().regex(/^(\d{3}-\d{3}-\d{4}|\d{10})$/, "must be a US phone number like 555-123-4567"),
  })
  .strict()
export type AdminGetPhoneStatus = z.infer<typeof AdminGetPhoneStatus>
