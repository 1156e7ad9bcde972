import { z } from "@medusajs/framework/zod"

/** `?store_code=`: one of the plugin's store codes (the top-level storeCode or a location's). */
export const storeCodeQuery = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .optional()
