import { z } from "@medusajs/framework/zod"

import { storeCodeQuery } from "../../store-code-query"

export const AdminGetConnectionTest = z.object({ store_code: storeCodeQuery }).strict()
export type AdminGetConnectionTest = z.infer<typeof AdminGetConnectionTest>
