import { z } from "@medusajs/framework/zod"

import { PHONE_PATTERN } from "../../../../lib/financing/schemas/primitives"

export const AdminGetPhoneStatus = z
  .object({
    phone: z.string().regex(PHONE_PATTERN, "must be a US phone number like 555-123-4567"),
  })
  .strict()
export type AdminGetPhoneStatus = z.infer<typeof AdminGetPhoneStatus>
