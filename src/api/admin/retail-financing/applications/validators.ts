import { z } from "@medusajs/framework/zod"

import { storeCodeQuery } from "../store-code-query"
import { APPLICATION_STATUSES } from "../../../../lib/financing/schemas/statuses"

export const AdminGetFinancingApplications = z
  .object({
    exception: z
      .enum(["open", "resolved", "none", "any"], { message: "must be open, resolved, none or any" })
      .optional(),
    status: z
      .enum(APPLICATION_STATUSES, { message: "must be one of the service's application statuses" })
      .optional(),
    // A query string carries text: "false" must not become true, as a plain coercion would make it.
    needs_attention: z
      .enum(["true", "false"], { message: "must be true or false" })
      .transform((value) => value === "true")
      .optional(),
    store_code: storeCodeQuery,
    q: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional(),
    limit: z.coerce.number().int().min(1, "must be at least 1").max(100, "must be at most 100").default(20),
    offset: z.coerce.number().int().min(0, "must be 0 or more").default(0),
  })
  .strict()
export type AdminGetFinancingApplications = z.infer<typeof AdminGetFinancingApplications>
