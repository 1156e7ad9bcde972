import { z } from "@medusajs/framework/zod"

import { storeCodeQuery } from "../store-code-query"
import { PAYMENT_STATUSES } from "../../../../lib/financing/schemas/statuses"

/** A calendar day, `YYYY-MM-DD`, that exists (2026-02-30 does not). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
  .refine((text) => new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text, {
    message: "must be a date that exists",
  })
  .optional()

export const AdminGetFinancingPayouts = z
  .object({
    from: day,
    to: day,
    status: z.enum(PAYMENT_STATUSES, { message: "must be one of the service's payment statuses" }).optional(),
    store_code: storeCodeQuery,
    format: z.enum(["json", "csv"], { message: "must be json or csv" }).default("json"),
    limit: z.coerce.number().int().min(1, "must be at least 1").max(100, "must be at most 100").default(20),
    offset: z.coerce.number().int().min(0, "must be 0 or more").default(0),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "from must not be after to",
    path: ["from"],
  })
export type AdminGetFinancingPayouts = z.infer<typeof AdminGetFinancingPayouts>
