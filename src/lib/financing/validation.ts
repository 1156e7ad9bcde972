import { z } from "zod"
import { FinancingResponseError, FinancingValidationError, ValidationIssue } from "./errors"

/** `["products", 0, "value"]` → `products[0].value`: how a person would name the field. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, key) => {
    if (typeof key === "number") return `${joined}[${key}]`
    return joined ? `${joined}.${String(key)}` : String(key)
  }, "")
}

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: fieldPath(issue.path), message: issue.message }))
}

/** Checks what is about to be sent; nothing leaves the client when it fails. */
export function validateRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  subject: string,
  endpoint?: string
): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new FinancingValidationError(subject, issuesOf(result.error), { endpoint })
  return result.data
}

/** Reads what came back; a shape the spec does not allow is a clear error at the edge. */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  body: unknown,
  endpoint: string,
  status: number
): z.output<S> {
  const result = schema.safeParse(body)
  if (!result.success) throw new FinancingResponseError(endpoint, status, issuesOf(result.error))
  return result.data
}
